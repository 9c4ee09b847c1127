import type { Stage } from '@boardwalk/shared/schemas/stage';
import type { Template, TemplateChannel, TemplateListResponse } from '@boardwalk/shared/schemas/template';
import type { UserOption } from '@boardwalk/shared/schemas/user';
import { api } from '../../lib/api.ts';
import { allDataEndpoint } from '../data-table/resource-endpoints.ts';

/**
 * The pickers of the workflow action forms (stage actions and automations): templates of a
 * channel, active users, stages. Loaded with those editors only.
 */
export const workflowActionOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The active templates of one channel, for the send_email / send_sms picker. */
    workflowActionTemplates: build.query<Template[], TemplateChannel>({
      query: (channel) => ({
        url: '/api/templates',
        params: { channel, isActive: 'true', page: 0, pageSize: 100, sort: 'name', order: 'asc' },
      }),
      transformResponse: (response: TemplateListResponse) => response.templates,
      providesTags: [{ type: 'Template', id: 'LIST' }],
    }),
    workflowActionUsers: build.query<UserOption[], void>({
      query: () => ({ url: '/api/users/options', params: { status: 'active' } }),
      transformResponse: (response: { options: UserOption[] }) => response.options,
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** Every stage, for change_stage and the automation triggers. */
    workflowActionStages: build.query<Stage[], void>(allDataEndpoint<'Stage', 'stages', Stage>('/api/stages', 'Stage')),
  }),
});

export const { useWorkflowActionTemplatesQuery, useWorkflowActionUsersQuery, useWorkflowActionStagesQuery } =
  workflowActionOptionsApi;
