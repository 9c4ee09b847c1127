import type { z } from 'zod';

/**
 * The OpenAPI extension that names the subject whose data a schema carries where no property name
 * shows it: a plan's text about one merchant, a count of merchants matching conditions, a CSV. A
 * test walks every route's answer for it and for marker properties (merchantId, dbaName…), and
 * fails a route whose declared abilities do not name that subject (docs/decisions/071).
 */
export const SUBJECT_EXTENSION = 'x-subject';

export function carriesSubject<T extends z.ZodType>(schema: T, subject: string): T {
  return schema.meta({ [SUBJECT_EXTENSION]: subject });
}
