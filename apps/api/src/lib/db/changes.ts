/** Field-level differences for the audit log and for "did anything change" checks. */

const META_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'deletedAt']);

export function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The entries of `values` that differ from `current` (meta columns are never user input). */
export function changedValues<R extends Record<string, unknown>>(current: R, values: Partial<R>): Partial<R> {
  const changed: Partial<R> = {};
  for (const [key, value] of Object.entries(values) as [keyof R & string, unknown][]) {
    if (value === undefined || META_FIELDS.has(key)) continue;
    if (!sameValue(current[key], value)) changed[key] = value as R[keyof R & string];
  }
  return changed;
}

export type AuditChanges = Record<string, { from?: unknown; to?: unknown }>;

/** `{ field: { from, to } }` for the audit row; writeAudit masks sensitive fields. */
export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): AuditChanges {
  const changes: AuditChanges = {};
  for (const [key, to] of Object.entries(after)) {
    if (META_FIELDS.has(key) && key !== 'deletedAt') continue;
    if (before === null) {
      changes[key] = { to };
    } else if (!sameValue(before[key], to)) {
      changes[key] = { from: before[key] ?? null, to };
    }
  }
  return changes;
}

/** The entries whose value is not undefined (an omitted optional field is not a change). */
export function withoutUndefined<V extends Record<string, unknown>>(values: V): V {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as V;
}
