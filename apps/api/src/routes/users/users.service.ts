import { passwordSchema } from '@boardwalk/shared';
import type { CreateUserInput, User, UserListQuery } from '@boardwalk/shared/schemas/user';
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import { readSetting } from '../../auth/settings.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/context.ts';
import { fieldErrorsFromIssues, ProblemError } from '../../lib/problem.ts';
import { toUserDto, type UserRow } from './user-dto.ts';
import { assertRoleWithinReach } from './users.rules.ts';

export type MutationContext = { now: Date; ip: string | null };

const SORT_COLUMNS = {
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  displayName: users.displayName,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
} as const;

/** `%`, `_` and `\` typed by the user are matched literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export async function listUsers(db: Db, query: UserListQuery) {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (query.q) {
    const p = likePattern(query.q);
    conditions.push(
      or(ilike(users.email, p), ilike(users.firstName, p), ilike(users.lastName, p), ilike(users.displayName, p))!,
    );
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status) conditions.push(eq(users.status, query.status));
  const where = and(...conditions);
  const column = SORT_COLUMNS[query.sort ?? 'email'];
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, [totalRow], all] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(direction(column), asc(users.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
    db
      .select()
      .from(users)
      .where(isNull(users.deletedAt))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
  ]);
  return {
    users: rows.map(toUserDto),
    total: totalRow?.total ?? 0,
    params: query,
    allData: all.map(toUserDto),
  };
}

export async function findLiveUser(db: Db, id: string, options: { lock?: boolean } = {}): Promise<UserRow> {
  const base = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  const [row] = options.lock ? await base.for('update') : await base;
  if (!row) throw new ProblemError(404, 'No such user.');
  return row;
}

export async function getUser(db: Db, id: string): Promise<User> {
  return toUserDto(await findLiveUser(db, id));
}

/** The password policy with the current minPasswordLength setting (the route checked ≥ 12). */
export async function assertPasswordPolicy(db: Db, password: string, field = 'password'): Promise<void> {
  const result = passwordSchema(await readSetting(db, 'minPasswordLength')).safeParse(password);
  if (result.success) return;
  const messages = Object.values(fieldErrorsFromIssues(result.error.issues)).flat();
  throw new ProblemError(400, 'The password does not meet the policy.', { errors: { [field]: messages } });
}

export async function assertEmailFree(db: Db, email: string, exceptId?: string): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  if (row && row.id !== exceptId) throw emailTaken();
}

export function emailTaken(): ProblemError {
  return new ProblemError(409, 'This email is already used by another user.', {
    errors: { email: ['This email is already used by another user'] },
  });
}

/** A unique violation from a concurrent insert/update that passed assertEmailFree. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function createUser(db: Db, actor: Actor, input: CreateUserInput, ctx: MutationContext): Promise<User> {
  assertRoleWithinReach(actor, input.role, 'grant');
  await assertPasswordPolicy(db, input.password);
  await assertEmailFree(db, input.email);
  const { password, ...fields } = input;
  const values = {
    ...fields,
    displayName: fields.displayName || `${fields.firstName} ${fields.lastName}`.trim(),
    passwordHash: await hashPassword(password),
    createdAt: ctx.now,
    updatedAt: ctx.now,
    createdBy: actor.userId,
    updatedBy: actor.userId,
  };
  let row: UserRow | undefined;
  try {
    [row] = await db.insert(users).values(values).returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (!row) throw new Error('user insert returned no row');
  await writeAudit(db, {
    action: 'user.create',
    outcome: 'success',
    actorUserId: actor.userId,
    subjectType: 'user',
    subjectId: row.id,
    changes: { ...fields, displayName: values.displayName, password: 'set' },
    ip: ctx.ip,
  });
  return toUserDto(row);
}
