/**
 * What of an error may be logged (a failed insert logged the argon2 hash and the email).
 * Drizzle's DrizzleQueryError carries `query` and `params` and repeats both in its message and
 * stack; PGlite and node-postgres errors carry `query`, `params` and a `detail` naming the
 * values ("Key (email)=(a@b.c) already exists"). Kept: names, messages without parameters,
 * stack frames, SQLSTATE code, constraint, table, column, and the statement's head (its verb
 * and table, never its values or conditions). Causes are followed a few levels.
 */
export type LoggedError = {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  statement?: string;
  cause?: LoggedError | string;
};

type ErrorFields = Error & Record<string, unknown>;

const KEPT_FIELDS = ['code', 'constraint', 'table', 'column'] as const;

/** "insert into "users"" from "insert into "users" ("id", ...) values ($1, ...)". */
function statementHead(query: string): string {
  return (query.split(/\(|\b(?:values|set|where|from)\b/i)[0] ?? '').trim().slice(0, 120);
}

/** Drizzle's message is "Failed query: <sql>\nparams: <values>": the SQL head only. */
function scrubMessage(message: string): string {
  const failed = /^Failed query: ([\s\S]*?)(?:\nparams: [\s\S]*)?$/.exec(message);
  if (failed) return `Failed query: ${statementHead(failed[1] ?? '')}`;
  return message.replace(/\nparams: [\s\S]*$/, '');
}

/** The stack's frames under the scrubbed message (the original first lines repeat the message). */
function scrubStack(error: Error, message: string): string | undefined {
  if (!error.stack) return undefined;
  const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${message}`, ...frames].join('\n');
}

export function loggableError(error: unknown, depth = 0): LoggedError | string {
  if (!(error instanceof Error)) return typeof error === 'string' ? scrubMessage(error) : String(error);
  const fields = error as ErrorFields;
  const message = scrubMessage(error.message);
  const logged: LoggedError = { type: error.constructor?.name ?? error.name, message };
  const stack = scrubStack(error, message);
  if (stack) logged.stack = stack;
  for (const key of KEPT_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') logged[key] = String(value);
  }
  if (typeof fields.query === 'string') logged.statement = statementHead(fields.query);
  if (error.cause !== undefined && depth < 4) logged.cause = loggableError(error.cause, depth + 1);
  return logged;
}
