import type { ReasonCodeListQuery } from '@boardwalk/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reasonCodes } from '../../db/schema/underwriting.ts';
import { createCrudService } from '../../lib/crud/service.ts';
import type { CrudEntity } from '../../lib/crud/types.ts';
import { ProblemError } from '../../lib/problem.ts';

const t = reasonCodes;

/** The admin-edited reason codes: the reference-data CRUD layer, like lead sources. */
export const reasonCodeEntity: CrudEntity<typeof reasonCodes, ReasonCodeListQuery> = {
  subject: 'reason-code',
  label: 'reason code',
  table: t,
  sort: {
    code: t.code,
    label: t.label,
    kind: [t.kind, sql`lower(${t.code})`],
    isActive: t.isActive,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  },
  defaultOrder: [asc(t.kind), asc(sql`lower(${t.code})`)],
  search: [t.code, t.label, t.description],
  filters: (q) => [
    q.kind === undefined ? undefined : eq(t.kind, q.kind),
    q.isActive === undefined ? undefined : eq(t.isActive, q.isActive),
  ],
  unique: { reason_codes_code_unique: { field: 'code', message: 'A reason code with this code already exists' } },
};

export const reasonCodeService = createCrudService(reasonCodeEntity);

export type UsableReason = { id: string; code: string; label: string; kind: string };

/** The reason a decision is recorded with: it must exist, be live and active (400 on `field` otherwise). */
export async function usableReason(db: Db, id: string, field = 'reasonCodeId'): Promise<UsableReason> {
  const [row] = await db
    .select({ id: t.id, code: t.code, label: t.label, kind: t.kind, isActive: t.isActive })
    .from(t)
    .where(and(eq(t.id, id), isNull(t.deletedAt)));
  if (!row || !row.isActive) {
    const message = row ? 'This reason is no longer in use: choose another' : 'Choose a reason from the list';
    throw new ProblemError(400, message, { errors: { [field]: [message] } });
  }
  return row;
}
