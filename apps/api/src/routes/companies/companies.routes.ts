import { companyListQuerySchema, companySchema, createCompanySchema, updateCompanySchema } from '@boardwalk/shared';
import { crudRoutes } from '../../lib/crud/routes.ts';

export const companyRoutes = crudRoutes({
  path: '/api/companies',
  tag: 'companies',
  subject: 'company',
  key: 'companies',
  label: 'company',
  schemas: {
    row: companySchema,
    create: createCompanySchema,
    update: updateCompanySchema,
    query: companyListQuerySchema,
  },
});
