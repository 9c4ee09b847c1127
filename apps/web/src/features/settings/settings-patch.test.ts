import { describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '@boardwalk/shared';
import { needsStepUp, settingsPatch } from './settings-patch.ts';

describe('settingsPatch', () => {
  const loaded = { ...SETTING_DEFAULTS, smtp: { ...SETTING_DEFAULTS.smtp, password: '••••1234' } };

  it('sends only changed keys and changed SMTP fields, never the untouched masked password', () => {
    const values = { ...loaded, portalName: 'Acme', smtp: { ...loaded.smtp, host: 'smtp.acme.test' } };
    expect(settingsPatch(values, loaded)).toEqual({ portalName: 'Acme', smtp: { host: 'smtp.acme.test' } });
  });

  it('sends a new SMTP password and nothing when nothing changed', () => {
    expect(settingsPatch({ ...loaded, smtp: { ...loaded.smtp, password: 'new-secret' } }, loaded)).toEqual({
      smtp: { password: 'new-secret' },
    });
    expect(settingsPatch(loaded, loaded)).toEqual({});
  });

  it('compares role lists by value: an untouched copy is no change, a new role is', () => {
    const withRoles = { ...loaded, mfaRequiredRoles: ['ROLE_ADMIN' as const] };
    expect(settingsPatch({ ...withRoles, mfaRequiredRoles: ['ROLE_ADMIN'] }, withRoles)).toEqual({});
    const patch = settingsPatch({ ...withRoles, mfaRequiredRoles: ['ROLE_ADMIN', 'ROLE_STAFF'] }, withRoles);
    expect(patch).toEqual({ mfaRequiredRoles: ['ROLE_ADMIN', 'ROLE_STAFF'] });
    expect(needsStepUp(patch)).toBe(true);
  });
});
