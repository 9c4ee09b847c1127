import type { CompanyListQuery } from '@boardwalk/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies.ts';
import { createCrudService } from '../../lib/crud/service.ts';
import type { CrudEntity } from '../../lib/crud/types.ts';

const t = companies;

export const companyEntity: CrudEntity<typeof companies, CompanyListQuery> = {
  subject: 'company',
  label: 'company',
  table: t,
  sort: { name: t.name, type: [t.type, t.name], isActive: t.isActive, createdAt: t.createdAt, updatedAt: t.updatedAt },
  defaultOrder: [asc(sql`lower(${t.name})`)],
  search: [t.name, t.contactName, t.contactEmail, t.contactPhone, t.website],
  phones: ['contactPhone'],
  filters: (q) => [
    q.type === undefined ? undefined : eq(t.type, q.type),
    q.isActive === undefined ? undefined : eq(t.isActive, q.isActive),
  ],
};

export const companyService = createCrudService(companyEntity);
