import { ROLE_RANK, type Role } from './roles.ts';

/**
 * Who may do what to which user: the API enforces these and the web app
 * offers only what they allow, from this one copy, so the two cannot disagree. Each rule returns
 * why it refuses (a sentence for the user: role names, never ROLE_… codes), or null.
 */
export type UserRef = { id: string; role: Role };

export type UserAction = 'update' | 'suspend' | 'delete' | 'resetPassword' | 'resetMfa' | 'endSessions';

const ROLE_NAMES: Record<Role, string> = {
  ROLE_SUPERADMIN: 'superadmin',
  ROLE_ADMIN: 'admin',
  ROLE_STAFF: 'staff',
  ROLE_AGENT: 'agent',
};

/** Nobody hands out a role above their own. */
export function grantRefusal(actorRole: Role, role: Role): string | null {
  return ROLE_RANK[role] <= ROLE_RANK[actorRole] ? null : `Your role may not make anyone ${ROLE_NAMES[role]}.`;
}

/** Nobody acts on a user whose role is above their own. */
export function manageRefusal(actorRole: Role, targetRole: Role): string | null {
  return ROLE_RANK[targetRole] <= ROLE_RANK[actorRole] ? null : `Your role may not change a ${ROLE_NAMES[targetRole]}.`;
}

/** Why `actor` may not do `action` to `target` (null: the server allows it). */
export function userActionRefusal(actor: UserRef, target: UserRef, action: UserAction): string | null {
  const self = actor.id === target.id;
  switch (action) {
    case 'update':
      return manageRefusal(actor.role, target.role);
    case 'endSessions':
      return self ? null : manageRefusal(actor.role, target.role);
    case 'suspend':
      return self ? 'You cannot suspend your own account.' : manageRefusal(actor.role, target.role);
    case 'delete':
      return self ? 'You cannot delete your own account.' : manageRefusal(actor.role, target.role);
    // Only a strictly higher role (an admin could otherwise take over another admin), and
    // never one's own here: the profile asks for the current password or a code.
    case 'resetPassword':
      if (self) return 'Change your own password from your profile (it asks for the current one).';
      return ROLE_RANK[target.role] < ROLE_RANK[actor.role]
        ? null
        : `Only a role above ${ROLE_NAMES[target.role]} may set this user's password.`;
    case 'resetMfa':
      if (self) return 'Turn your own two-factor sign-in off from your profile (it asks for a code).';
      return ROLE_RANK[target.role] < ROLE_RANK[actor.role]
        ? null
        : `Only a role above ${ROLE_NAMES[target.role]} may reset this user's two-factor sign-in.`;
  }
}
