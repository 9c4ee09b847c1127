import type { IndustryListQuery } from '@boardwalk/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { industries } from '../../db/schema/industries.ts';
import { createCrudService } from '../../lib/crud/service.ts';
import type { CrudEntity } from '../../lib/crud/types.ts';

const t = industries;

export const industryEntity: CrudEntity<typeof industries, IndustryListQuery> = {
  subject: 'industry',
  label: 'industry',
  table: t,
  sort: {
    name: t.name,
    mcc: t.mcc,
    riskLevel: [t.riskLevel, t.mcc],
    isActive: t.isActive,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  },
  defaultOrder: [asc(sql`lower(${t.name})`)],
  search: [t.name, t.mcc],
  filters: (q) => [
    q.riskLevel === undefined ? undefined : eq(t.riskLevel, q.riskLevel),
    q.isActive === undefined ? undefined : eq(t.isActive, q.isActive),
  ],
  unique: { industries_mcc_unique: { field: 'mcc', message: 'Another industry already has this MCC' } },
};

export const industryService = createCrudService(industryEntity);
