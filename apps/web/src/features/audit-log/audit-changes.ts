/** One field of an audit row's changes: before and after, or a plain value for other shapes. */
export type ChangeLine = { field: string; before?: unknown; after?: unknown; value?: unknown; kind: 'diff' | 'value' };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{ from?, to? }` and nothing else: how lib/db/changes.ts stores a changed field. */
function isFieldChange(v: unknown): v is { from?: unknown; to?: unknown } {
  return isRecord(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k === 'from' || k === 'to');
}

/**
 * The lines of the detail table. A field stored as `{ from, to }` is a before/after pair (a
 * created record has only `to`); anything else a row carries (the path of a denied request, the
 * filters of an export) is shown as it is.
 */
export function changeLines(changes: Record<string, unknown> | null): ChangeLine[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, v]) =>
    isFieldChange(v) ? { field, before: v.from, after: v.to, kind: 'diff' } : { field, value: v, kind: 'value' },
  );
}

/** A value as text: '—' for nothing, strings as they are, the rest as JSON. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}
