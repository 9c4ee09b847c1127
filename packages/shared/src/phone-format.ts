/** `+1` and ten digits: a North American number, the country most numbers here belong to. */
const NANP = /^\+1(\d{3})(\d{3})(\d{4})$/;

/**
 * A stored phone number as people read it: the one national format, "(503) 555-0142", for a
 * North American number; any other value as it is stored (E.164 for other countries, the text
 * as typed for what could not be read as a number). The API stores E.164 (decision 083); this
 * stays a regular expression so the web needs no phone library on any page.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const nanp = NANP.exec(value);
  return nanp ? `(${nanp[1]}) ${nanp[2]}-${nanp[3]}` : value;
}
