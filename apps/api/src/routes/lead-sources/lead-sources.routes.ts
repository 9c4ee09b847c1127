import {
  createLeadSourceSchema,
  leadSourceListQuerySchema,
  leadSourceSchema,
  updateLeadSourceSchema,
} from '@boardwalk/shared';
import { crudRoutes } from '../../lib/crud/routes.ts';

export const leadSourceRoutes = crudRoutes({
  path: '/api/lead-sources',
  tag: 'lead-sources',
  subject: 'lead-source',
  key: 'leadSources',
  label: 'lead source',
  schemas: {
    row: leadSourceSchema,
    create: createLeadSourceSchema,
    update: updateLeadSourceSchema,
    query: leadSourceListQuerySchema,
  },
});
