/** A text input's value from FormData ('' when missing). */
export function textOf(value: FormDataEntryValue | null): string {
  return typeof value === 'string' ? value : '';
}
