import { describe, expect, it } from 'vitest';
import { ROLES } from './roles.ts';
import { grantRefusal, userActionRefusal, type UserAction } from './user-rules.ts';

const admin = { id: 'a', role: 'ROLE_ADMIN' } as const;
const superadmin = { id: 's', role: 'ROLE_SUPERADMIN' } as const;
const staff = { id: 't', role: 'ROLE_STAFF' } as const;
const ACTIONS: UserAction[] = ['update', 'suspend', 'delete', 'resetPassword', 'resetMfa', 'endSessions'];

describe('user rules (shared by the API and the web app)', () => {
  it('refuses every action of an admin on a superadmin, with a reason naming no ROLE_ code', () => {
    for (const action of ACTIONS) {
      const reason = userActionRefusal(admin, superadmin, action);
      expect(reason, action).toMatch(/superadmin/);
      expect(reason, action).not.toMatch(/ROLE_/);
    }
  });

  it('lets a higher role do everything to a lower one, a peer all but the resets', () => {
    for (const action of ACTIONS) expect(userActionRefusal(admin, staff, action), action).toBeNull();
    const peer = { id: 'b', role: 'ROLE_ADMIN' } as const;
    expect(userActionRefusal(admin, peer, 'suspend')).toBeNull();
    expect(userActionRefusal(admin, peer, 'resetPassword')).toMatch(/Only a role above admin/);
    expect(userActionRefusal(admin, peer, 'resetMfa')).toMatch(/Only a role above admin/);
  });

  it('lets nobody suspend, delete or reset themselves here, but end their own sessions', () => {
    expect(userActionRefusal(admin, admin, 'suspend')).toBe('You cannot suspend your own account.');
    expect(userActionRefusal(admin, admin, 'delete')).toBe('You cannot delete your own account.');
    expect(userActionRefusal(admin, admin, 'resetPassword')).toMatch(/profile/);
    expect(userActionRefusal(admin, admin, 'update')).toBeNull();
    expect(userActionRefusal(admin, admin, 'endSessions')).toBeNull();
  });

  it('grants only roles up to the own one', () => {
    for (const role of ROLES) expect(grantRefusal('ROLE_SUPERADMIN', role)).toBeNull();
    expect(grantRefusal('ROLE_ADMIN', 'ROLE_SUPERADMIN')).toBe('Your role may not make anyone superadmin.');
  });
});
