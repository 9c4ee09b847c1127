/**
 * A form's starting values for an existing record: each field the form has, taken from the
 * record (a missing one, or a null where the form holds text, takes the form's default), so
 * that extra record columns (id, createdAt...) are not sent back as form values.
 */
export function formValuesFrom<D extends Record<string, unknown>>(
  defaults: D,
  record: Partial<Record<keyof D, unknown>> | undefined,
): D {
  if (!record) return defaults;
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) {
    const value = record[key];
    const useDefault = value === undefined || (value === null && typeof defaults[key] === 'string');
    values[key] = useDefault ? defaults[key] : value;
  }
  return values as D;
}
