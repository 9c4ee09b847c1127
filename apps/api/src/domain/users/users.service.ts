import type { User, UserListQuery, UserOption, UserOptionsQuery } from '@boardwalk/shared/schemas/user';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { likePattern } from '../../lib/db/like-pattern.ts';
import { ProblemError } from '../../lib/problem.ts';
import { toUserDto, userDtoColumns, type UserDtoRow } from './user-dto.ts';

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
      .select(userDtoColumns)
      .from(users)
      .where(where)
      .orderBy(direction(column), asc(users.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
    query.allData
      ? db
          .select(userDtoColumns)
          .from(users)
          .where(isNull(users.deletedAt))
          .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      : [],
  ]);
  return {
    users: rows.map(toUserDto),
    total: totalRow?.total ?? 0,
    params: query,
    allData: all.map(toUserDto),
  };
}

/** The lean picker rows: only the columns a picker shows, filtered in the database. */
export async function listUserOptions(db: Db, query: UserOptionsQuery): Promise<UserOption[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      status: users.status,
      firstName: users.firstName,
      lastName: users.lastName,
      displayName: users.displayName,
    })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        query.role ? eq(users.role, query.role) : undefined,
        query.status ? eq(users.status, query.status) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export async function findLiveUser(db: Db, id: string, options: { lock?: boolean } = {}): Promise<UserDtoRow> {
  const base = db
    .select(userDtoColumns)
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
