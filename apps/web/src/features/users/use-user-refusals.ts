import type { User } from '@boardwalk/shared/schemas/user';
import { userActionRefusal, type UserAction } from '@boardwalk/shared/user-rules';
import { useSession } from '../../lib/session/use-session.ts';

export type UserRefusals = Record<UserAction, string | null>;

const ACTIONS: UserAction[] = ['update', 'suspend', 'delete', 'resetPassword', 'resetMfa', 'endSessions'];
const NO_SESSION = 'Sign in again to change users.';

/**
 * What the signed-in user may not do to `user`, and why: the rules the API applies
 * (packages/shared/src/user-rules.ts), so the page offers only what the server will accept.
 */
export function useUserRefusals(user: Pick<User, 'id' | 'role'>): UserRefusals {
  const actor = useSession().data?.user;
  return Object.fromEntries(
    ACTIONS.map((action) => [action, actor ? userActionRefusal(actor, user, action) : NO_SESSION]),
  ) as UserRefusals;
}
