import type { LeadSourceListQuery } from '@boardwalk/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { leadSources } from '../../db/schema/lead-sources.ts';
import { createCrudService } from '../../lib/crud/service.ts';
import type { CrudEntity } from '../../lib/crud/types.ts';

const t = leadSources;

export const leadSourceEntity: CrudEntity<typeof leadSources, LeadSourceListQuery> = {
  subject: 'lead-source',
  label: 'lead source',
  table: t,
  sort: { name: t.name, isActive: t.isActive, createdAt: t.createdAt, updatedAt: t.updatedAt },
  defaultOrder: [asc(sql`lower(${t.name})`)],
  search: [t.name, t.description],
  filters: (q) => [q.isActive === undefined ? undefined : eq(t.isActive, q.isActive)],
  unique: {
    lead_sources_name_unique: { field: 'name', message: 'A lead source with this name already exists' },
  },
};

export const leadSourceService = createCrudService(leadSourceEntity);
