export const ROLES = ['ROLE_SUPERADMIN', 'ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_AGENT'] as const;
export type Role = (typeof ROLES)[number];

/** Higher number = more privilege; used to stop anyone granting a role above their own. */
export const ROLE_RANK: Record<Role, number> = {
  ROLE_SUPERADMIN: 3,
  ROLE_ADMIN: 2,
  ROLE_STAFF: 1,
  ROLE_AGENT: 0,
};

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
