import type { User } from '@boardwalk/shared/schemas/user';
import type { users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;

/** The API shape of a user: never the hash, the failure counter or the UI settings. */
export function toUserDto(row: UserRow): User {
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
