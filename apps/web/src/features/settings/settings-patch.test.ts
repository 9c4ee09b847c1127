import { describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '@boardwalk/shared';
import { settingsPatch } from './settings-patch.ts';

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
});
