import { createIndustrySchema, industryListQuerySchema, industrySchema, updateIndustrySchema } from '@boardwalk/shared';
import { crudRoutes } from '../../lib/crud/routes.ts';

/** The product specification names the path in the singular: /api/industry. */
export const industryRoutes = crudRoutes({
  path: '/api/industry',
  tag: 'industries',
  subject: 'industry',
  key: 'industries',
  label: 'industry',
  schemas: {
    row: industrySchema,
    create: createIndustrySchema,
    update: updateIndustrySchema,
    query: industryListQuerySchema,
  },
});
