import type { User } from '@boardwalk/shared/schemas/user';
import { users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * The columns a user DTO needs, selected explicitly: never the hash, and never ui_settings,
 * which a user may fill up to its bound and which a list would otherwise load for every row
 * (a 20 MB value slowed GET /api/users 26-fold).
 */
export const userDtoColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  status: users.status,
  image: users.image,
  phone: users.phone,
  firstName: users.firstName,
  lastName: users.lastName,
  displayName: users.displayName,
  mustChangePassword: users.mustChangePassword,
  lockedUntil: users.lockedUntil,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
} as const;

export type UserDtoRow = Pick<UserRow, keyof typeof userDtoColumns>;

/** The API shape of a user: never the hash, the failure counter or the UI settings. */
export function toUserDto(row: UserDtoRow): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    image: row.image,
    phone: row.phone,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: row.displayName,
    profile: { firstName: row.firstName, lastName: row.lastName, displayName: row.displayName },
    mustChangePassword: row.mustChangePassword,
    lockedUntil: row.lockedUntil?.toISOString() ?? null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
