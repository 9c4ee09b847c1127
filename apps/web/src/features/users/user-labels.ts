import { ROLES, ROLE_RANK, USER_STATUSES, type Role, type UserStatus } from '@boardwalk/shared/roles';
import type { User } from '@boardwalk/shared/schemas/user';
import type { SelectOption } from '../../components/form/form-select.tsx';

export const ROLE_LABELS: Record<Role, string> = {
  ROLE_SUPERADMIN: 'Superadmin',
  ROLE_ADMIN: 'Admin',
  ROLE_STAFF: 'Staff',
  ROLE_AGENT: 'Agent',
};

export const STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', suspended: 'Suspended' };

export const ROLE_OPTIONS: SelectOption[] = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
export const STATUS_OPTIONS: SelectOption[] = USER_STATUSES.map((status) => ({
  value: status,
  label: STATUS_LABELS[status],
}));

/** The roles someone may hand out: their own and those below (the server refuses the rest). */
export function grantableRoleOptions(actorRole: string | undefined): SelectOption[] {
  const rank = ROLE_RANK[actorRole as Role] ?? -1;
  return ROLES.filter((role) => ROLE_RANK[role] <= rank).map((role) => ({ value: role, label: ROLE_LABELS[role] }));
}

export function userName(user: Pick<User, 'displayName' | 'firstName' | 'lastName' | 'email'>): string {
  return user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.email;
}
