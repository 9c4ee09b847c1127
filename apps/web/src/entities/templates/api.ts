import type {
  CreateTemplateInput,
  Template,
  TemplateListResponse,
  TemplatePlaceholder,
  TemplatePreviewInput,
  TemplatePreviewResult,
  UpdateTemplateInput,
} from '@boardwalk/shared/schemas/template';
import type { MessageDelivery } from '@boardwalk/shared/schemas/message';
import type { ListQueryParams } from '../../components/data-table/list-url-state.ts';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoint,
  updateEndpoint,
  type UpdateArg,
} from '../../components/data-table/resource-endpoints.ts';
import { api } from '../../lib/api.ts';

const PATH = '/api/templates';

export const templatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTemplates: build.query<TemplateListResponse, ListQueryParams>(
      listEndpoint<'Template', 'templates', Template>(PATH, 'Template', 'templates'),
    ),
    getTemplate: build.query<Template, string>(getEndpoint(PATH, 'Template')),
    createTemplate: build.mutation<Template, CreateTemplateInput>(createEndpoint(PATH, 'Template')),
    updateTemplate: build.mutation<Template, UpdateArg<UpdateTemplateInput>>(updateEndpoint(PATH, 'Template')),
    deleteTemplate: build.mutation<void, string>(deleteEndpoint(PATH, 'Template')),
    /** Renders with the sample merchant; a query (cached per input) though it is a POST: it saves nothing. */
    // Whether emails reach a mail server (decision 082).
    messageDelivery: build.query<MessageDelivery, void>({ query: () => '/api/templates/delivery' }),
    previewTemplate: build.query<TemplatePreviewResult, TemplatePreviewInput>({
      query: (input) => ({ url: `${PATH}/preview`, method: 'POST', body: input }),
      keepUnusedDataFor: 30,
    }),
    templatePlaceholders: build.query<TemplatePlaceholder[], void>({
      query: () => `${PATH}/placeholders`,
      transformResponse: (response: { placeholders: TemplatePlaceholder[] }) => response.placeholders,
    }),
  }),
});

export const {
  useListTemplatesQuery,
  useGetTemplateQuery,
  useCreateTemplateMutation,
  useUpdateTemplateMutation,
  useDeleteTemplateMutation,
  usePreviewTemplateQuery,
  useMessageDeliveryQuery,
  useTemplatePlaceholdersQuery,
} = templatesApi;
