import { ProblemError } from '../problem.ts';

type PgErrorFields = { code?: unknown; constraint?: unknown };

/** The PostgreSQL error behind a driver or Drizzle error (node-postgres and PGlite alike). */
export function pgErrorOf(error: unknown): { code: string; constraint: string | null } | null {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, constraint } = current as PgErrorFields;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : null };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Turns a unique-index violation into a 409 with the field it concerns, and a foreign-key
 * violation into a 400, so that a race past the service's checks still never ends in a 500.
 * Anything else is returned unchanged.
 */
export function problemFromDbError(
  error: unknown,
  unique: Record<string, { field: string; message: string }> = {},
): unknown {
  const pg = pgErrorOf(error);
  if (!pg) return error;
  if (pg.code === UNIQUE_VIOLATION) {
    const rule = pg.constraint ? unique[pg.constraint] : undefined;
    if (rule) return new ProblemError(409, rule.message, { errors: { [rule.field]: [rule.message] } });
    return new ProblemError(409, 'A record with this value already exists.');
  }
  if (pg.code === FOREIGN_KEY_VIOLATION) {
    return new ProblemError(400, 'A record this one refers to does not exist.');
  }
  return error;
}
