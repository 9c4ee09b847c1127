/**
 * A form's starting values for an existing record: each field the form has, taken from the
 * record (a missing one takes the form's default), so that extra record columns
 * (id, createdAt...) are not sent back as form values.
 */
export function formValuesFrom<D extends Record<string, unknown>>(
  defaults: D,
  record: Partial<Record<keyof D, unknown>> | undefined,
): D {
  if (!record) return defaults;
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) {
    const value = record[key];
    values[key] = value === undefined ? defaults[key] : value;
  }
  return values as D;
}
