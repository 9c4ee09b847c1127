import { z } from 'zod';

/**
 * The one voice of validation messages ("Too small: expected number to be >=1"
 * reached the user): every issue a shared schema raises without a message of its own is written
 * for people. Installed by schemas/fields.ts, which every shared schema imports, so the API's
 * field errors and the web forms (both validate with these schemas) say the same thing.
 */
export function messageForPeople(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Required';
      if (issue.expected === 'number' || issue.expected === 'bigint') return 'Enter a number';
      if (issue.expected === 'int') return 'Enter a whole number';
      if (issue.expected === 'boolean') return 'Choose yes or no';
      if (issue.expected === 'date') return 'Enter a valid date';
      if (issue.expected === 'array') return 'Give a list';
      if (issue.expected === 'string') return 'Enter text';
      return 'Enter a valid value';
    case 'too_small':
      return tooSmall(issue.origin, Number(issue.minimum), issue.inclusive !== false);
    case 'too_big':
      return tooBig(issue.origin, Number(issue.maximum), issue.inclusive !== false);
    case 'invalid_format':
      return FORMAT_MESSAGES[issue.format] ?? 'Use the expected format';
    case 'not_multiple_of':
      return `Enter a multiple of ${String(issue.divisor)}`;
    case 'invalid_value':
      return issue.values.length > 0 && issue.values.length <= 6
        ? `Choose one of: ${issue.values.map(String).join(', ')}`
        : 'Choose one of the offered values';
    case 'unrecognized_keys':
      return `Remove ${issue.keys.length === 1 ? 'the unknown field' : 'the unknown fields'} ${issue.keys.join(', ')}`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return 'Enter a valid value';
    default:
      return undefined;
  }
}

function tooSmall(origin: string, minimum: number, inclusive: boolean): string {
  if (origin === 'string') return minimum <= 1 ? 'Required' : `Use at least ${minimum} characters`;
  if (origin === 'array' || origin === 'set')
    return minimum <= 1 ? 'Choose at least one' : `Choose at least ${minimum}`;
  return inclusive ? `Enter a number of at least ${minimum}` : `Enter a number greater than ${minimum}`;
}

function tooBig(origin: string, maximum: number, inclusive: boolean): string {
  if (origin === 'string') return `At most ${maximum} ${maximum === 1 ? 'character' : 'characters'}`;
  if (origin === 'array' || origin === 'set') return `At most ${maximum} ${maximum === 1 ? 'item' : 'items'}`;
  return inclusive ? `Enter a number of at most ${maximum}` : `Enter a number less than ${maximum}`;
}

const FORMAT_MESSAGES: Partial<Record<string, string>> = {
  email: 'Enter a valid email address',
  uuid: 'Not a valid id',
  guid: 'Not a valid id',
  url: 'Enter a valid web address',
  datetime: 'Enter a valid date and time',
  date: 'Enter a valid date',
  time: 'Enter a valid time',
  regex: 'Use the expected format',
};

/** Installs the messages on zod's global configuration; called once where the fields are defined. */
export function installPeopleMessages(): void {
  z.config({ customError: messageForPeople });
}
