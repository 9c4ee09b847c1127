import { z } from 'zod';
import { installPeopleMessages } from '../error-map.ts';

// Every shared schema imports this file: its messages are written for people wherever it is used.
installPeopleMessages();

/**
 * Field building blocks shared by the reference-data schemas (agents, companies, industries,
 * lead sources, stages, templates). Optional text fields are '' when empty, never null, so forms
 * can bind them directly.
 */

export const INVALID_TEXT_MESSAGE = 'Remove the invalid characters';

/** A lone half of a UTF-16 surrogate pair: JSON.parse turns `"\\ud800"` into one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * True for well-formed Unicode without NUL. PostgreSQL cannot store either, so they must be
 * refused as input, not met as a 500. A regex rather than String.prototype.isWellFormed: the
 * web build target (Vite's widely-available baseline) predates it.
 */
export function isCleanText(value: string): boolean {
  return !value.includes('\0') && !LONE_SURROGATE.test(value);
}

/**
 * The one building block of every text field a client sends: a string that is well-formed
 * Unicode without NUL. Schemas never use a bare z.string() for input (schemas/input-text.test.ts).
 */
export const text = (error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .refine(isCleanText, { message: INVALID_TEXT_MESSAGE, abort: true });

export const requiredName = (message = 'Enter a name', max = 120) =>
  text(message).trim().min(1, message).max(max, `Use at most ${max} characters`);

export const optionalText = (max: number) => text().trim().max(max, `Use at most ${max} characters`);

/** A required email address, trimmed and lower-cased (zod's own email pattern). */
export const emailAddress = text()
  .trim()
  .toLowerCase()
  .max(254, 'Use at most 254 characters')
  .regex(z.regexes.email, 'Enter a valid email address');

export const optionalEmail = text()
  .trim()
  .toLowerCase()
  .max(254, 'Use at most 254 characters')
  .refine((v) => v === '' || z.regexes.email.test(v), 'Enter a valid email address');

export const optionalPhone = text()
  .trim()
  .max(40, 'Use at most 40 characters')
  .regex(/^[\d\s()+.-]*$/, 'Enter a valid phone number');

/** '' or an http(s) address with a dotted host name; a bare domain gets https:// in front. */
export const optionalWebsite = text()
  .trim()
  .max(300, 'Use at most 300 characters')
  .transform((v) => (v === '' || v.includes('://') ? v : `https://${v}`))
  .refine((v) => v === '' || isWebAddress(v), 'Enter a web address such as https://example.com');

const WEB_ADDRESS = /^https?:\/\/([a-z0-9-]+\.)+[a-z0-9-]{2,}(:\d{1,5})?([/?#][^\s]*)?$/i;

function isWebAddress(value: string): boolean {
  return WEB_ADDRESS.test(value);
}

export const hexColor = text('Pick a colour such as #9155fd')
  .trim()
  .max(7, 'Pick a colour such as #9155fd')
  .regex(/^#[0-9a-f]{6}$/i, 'Pick a colour such as #9155fd')
  .transform((v) => v.toLowerCase());

/** `?isActive=true` in a list query. */
export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The columns every reference-data row carries besides its own fields. */
export const recordMetaShape = {
  id: z.uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.uuid().nullable(),
  updatedBy: z.uuid().nullable(),
  /** Set once the row is (soft) deleted: it then only shows where something references it. */
  deletedAt: z.string().nullable(),
};

/**
 * PATCH body extras: the record's own id (optional, must match the path) and the updatedAt the
 * client last read; an older updatedAt than the stored one is a stale update (409).
 */
export const updateMetaShape = {
  id: z.uuid().optional(),
  updatedAt: z.iso.datetime({ offset: true, error: 'Reload the record and try again' }).optional(),
};

/** A record's id in an address (`/api/users/{id}`, `/user/view/:id`): the API and the web check it alike. */
export const recordIdSchema = z.uuid('Not a valid id');
