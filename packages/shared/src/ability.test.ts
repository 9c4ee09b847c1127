import { describe, expect, it } from 'vitest';
import { defineAbilityFor } from './ability.ts';
import { ROLES } from './roles.ts';

describe('defineAbilityFor', () => {
  it.each(['ROLE_SUPERADMIN', 'ROLE_ADMIN', 'ROLE_STAFF'])('%s may manage everything', (role) => {
    const ability = defineAbilityFor({ role });
    for (const subject of ['all', 'merchant', 'user', 'todo', 'template-page', 'acl-page']) {
      for (const action of ['manage', 'read', 'create', 'update', 'delete'] as const) {
        expect(ability.can(action, subject)).toBe(true);
      }
    }
  });

  it('ROLE_AGENT may only read the acl-page subject', () => {
    const ability = defineAbilityFor({ role: 'ROLE_AGENT' });
    expect(ability.can('read', 'acl-page')).toBe(true);
    expect(ability.can('update', 'acl-page')).toBe(false);
    expect(ability.can('manage', 'all')).toBe(false);
    for (const subject of ['merchant', 'user', 'todo', 'template-page', 'all']) {
      expect(ability.can('read', subject)).toBe(false);
    }
  });

  it('every signed-in role may read its own profile, a signed-out visitor not', () => {
    for (const role of ['ROLE_SUPERADMIN', 'ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_AGENT', 'ROLE_CUSTOM']) {
      expect(defineAbilityFor({ role }).can('read', 'own-profile'), role).toBe(true);
    }
    expect(defineAbilityFor(null).can('read', 'own-profile')).toBe(false);
  });

  it('any other role may read, create, update and delete exactly the subject type passed in', () => {
    const ability = defineAbilityFor({ role: 'ROLE_CUSTOM' }, 'invoice');
    for (const action of ['read', 'create', 'update', 'delete'] as const) {
      expect(ability.can(action, 'invoice')).toBe(true);
      expect(ability.can(action, 'merchant')).toBe(false);
    }
    expect(ability.can('manage', 'invoice')).toBe(false);
  });

  it('takes the subject type from the object type field', () => {
    const ability = defineAbilityFor({ role: 'ROLE_CUSTOM' }, 'invoice');
    expect(ability.can('read', { type: 'invoice' } as never)).toBe(true);
    expect(ability.can('read', { type: 'merchant' } as never)).toBe(false);
  });

  it('gives no rules to a signed-out visitor or an unknown role without a subject', () => {
    expect(defineAbilityFor(null).can('read', 'acl-page')).toBe(false);
    expect(defineAbilityFor({ role: 'ROLE_CUSTOM' }).can('read', 'all')).toBe(false);
  });

  it.each(['ROLE_SUPERADMIN', 'ROLE_ADMIN'])('%s may read the audit log', (role) => {
    expect(defineAbilityFor({ role }).can('read', 'audit')).toBe(true);
  });

  it.each(['ROLE_STAFF', 'ROLE_AGENT'])(
    '%s may not read the audit log, though staff manage everything else',
    (role) => {
      const ability = defineAbilityFor({ role });
      for (const action of ['manage', 'read', 'create', 'update', 'delete'] as const) {
        expect(ability.can(action, 'audit')).toBe(false);
      }
    },
  );

  it('an unknown role may not reach the audit log by asking for it as its subject type', () => {
    expect(defineAbilityFor({ role: 'ROLE_CUSTOM' }, 'audit').can('read', 'audit')).toBe(false);
  });

  it('lets only admins change the SMTP server (decision 073), not staff nor a role asking for it', () => {
    for (const role of ['ROLE_SUPERADMIN', 'ROLE_ADMIN']) {
      expect(defineAbilityFor({ role }).can('update', 'smtp-server'), role).toBe(true);
    }
    expect(defineAbilityFor({ role: 'ROLE_STAFF' }).can('update', 'smtp-server')).toBe(false);
    expect(defineAbilityFor({ role: 'ROLE_STAFF' }).can('update', 'setting')).toBe(true);
    expect(defineAbilityFor({ role: 'ROLE_CUSTOM' }, 'smtp-server').can('update', 'smtp-server')).toBe(false);
  });

  it('lets staff read scorecards but only admins change them (decision 103)', () => {
    for (const role of ['ROLE_SUPERADMIN', 'ROLE_ADMIN']) {
      expect(defineAbilityFor({ role }).can('update', 'scorecard'), role).toBe(true);
    }
    const staff = defineAbilityFor({ role: 'ROLE_STAFF' });
    expect(staff.can('read', 'scorecard')).toBe(true);
    for (const action of ['create', 'update', 'delete'] as const) expect(staff.can(action, 'scorecard')).toBe(false);
    expect(defineAbilityFor({ role: 'ROLE_CUSTOM' }, 'scorecard').can('update', 'scorecard')).toBe(false);
    expect(defineAbilityFor({ role: 'ROLE_AGENT' }).can('read', 'scorecard')).toBe(false);
  });

  it('covers every known role', () => {
    expect(ROLES).toEqual(['ROLE_SUPERADMIN', 'ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_AGENT']);
  });
});
