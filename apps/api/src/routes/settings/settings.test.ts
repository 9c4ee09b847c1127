import { SETTING_DEFAULTS, type SettingValues } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { settings } from '../../db/schema/settings.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { useCrudContext } from '../../test/crud-contract.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { signInAs, TEST_PASSWORD } from '../../test/sign-in.ts';
import { readSmtpSettings } from '../../domain/settings/settings.service.ts';

/** Step-up: security settings and SMTP need the caller's password. */
const stepUp = { currentPassword: TEST_PASSWORD };

describe('settings API', () => {
  const ctx = useCrudContext();
  // Moving the SMTP server (host, port) is an administrator's change (decision 073).
  let admin: JsonClient;
  beforeAll(async () => {
    admin = jsonClient(ctx.t, (await signInAs(ctx.t, 'ROLE_ADMIN')).cookie);
  });
  const storedSmtp = async () => {
    const [row] = await ctx.t.db.select().from(settings).where(eq(settings.key, 'smtp'));
    return row?.value as SettingValues['smtp'] | undefined;
  };

  it('answers 401 without a session and 403 to an agent; the public part is open', async () => {
    expect((await ctx.anon.get('/api/settings')).status).toBe(401);
    expect((await ctx.anon.patch('/api/settings', { portalName: 'X' })).status).toBe(401);
    expect((await ctx.agent.get('/api/settings')).status).toBe(403);
    expect((await ctx.agent.patch('/api/settings', { portalName: 'X' })).status).toBe(403);
    const open = await ctx.anon.get<{ portalName: string }>('/api/settings/public');
    expect(open.status).toBe(200);
    // The title, the idle limit the client warns before and the password length the forms hint
    // at, whether the customizer is on: nothing else.
    expect(Object.keys(open.body)).toEqual([
      'portalName',
      'sessionIdleMinutes',
      'minPasswordLength',
      'customizerEnabled',
    ]);
  });

  it('turns the customizer on for everyone, off by default, without a password', async () => {
    expect((await ctx.anon.get('/api/settings/public')).body).toMatchObject({ customizerEnabled: false });
    expect((await ctx.staff.patch('/api/settings', { customizerEnabled: true })).status).toBe(200);
    expect((await ctx.anon.get('/api/settings/public')).body).toMatchObject({ customizerEnabled: true });
    expect((await ctx.staff.patch('/api/settings', { customizerEnabled: 'yes' })).status).toBe(400);
    expect((await ctx.staff.patch('/api/settings', { customizerEnabled: false })).status).toBe(200);
  });

  it('keeps read notifications 90 to 3650 days, 90 by default (decision 117)', async () => {
    expect((await ctx.staff.get<SettingValues>('/api/settings')).body.notificationRetentionDays).toBe(90);
    for (const bad of [89, 3651, 120.5, '120', null]) {
      const res = await ctx.staff.patch<ProblemBody>('/api/settings', { notificationRetentionDays: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.errors).toHaveProperty('notificationRetentionDays');
    }
    expect((await ctx.staff.patch('/api/settings', { notificationRetentionDays: 365 })).status).toBe(200);
    expect((await ctx.staff.get<SettingValues>('/api/settings')).body.notificationRetentionDays).toBe(365);
    expect((await ctx.staff.patch('/api/settings', { notificationRetentionDays: 90 })).status).toBe(200);
  });

  it('states the password policy length publicly, following the setting', async () => {
    expect((await ctx.anon.get('/api/settings/public')).body).toMatchObject({ minPasswordLength: 12 });
    expect((await ctx.staff.patch('/api/settings', { minPasswordLength: 14, ...stepUp })).status).toBe(200);
    expect((await ctx.anon.get('/api/settings/public')).body).toMatchObject({ minPasswordLength: 14 });
    expect((await ctx.staff.patch('/api/settings', { minPasswordLength: 12, ...stepUp })).status).toBe(200);
  });

  it('reads every key with its default when nothing is stored', async () => {
    const res = await ctx.staff.get<SettingValues>('/api/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...SETTING_DEFAULTS, portalName: res.body.portalName });
  });

  it('changes the portal name, shows it publicly and audits the change', async () => {
    const before = (await ctx.staff.get<SettingValues>('/api/settings')).body.portalName;
    const res = await ctx.staff.patch<SettingValues>('/api/settings', { portalName: '  Harbor Ops  ' });
    expect(res.status).toBe(200);
    expect(res.body.portalName).toBe('Harbor Ops');
    expect((await ctx.anon.get('/api/settings/public')).body).toMatchObject({ portalName: 'Harbor Ops' });
    const [audit] = await ctx.t.db.select().from(auditLog).where(eq(auditLog.subjectId, 'portalName'));
    expect(audit).toMatchObject({ action: 'setting.update', subjectType: 'setting', actorUserId: ctx.staffUser.id });
    expect(audit?.changes).toEqual({ portalName: { from: before, to: 'Harbor Ops' } });
  });

  it('encrypts the SMTP password at rest, masks it, and never audits it', async () => {
    const secret = 'smtp-Secret-2481';
    const res = await admin.patch<SettingValues>('/api/settings', {
      smtp: {
        host: 'smtp.example.com',
        port: 465,
        user: 'mailer',
        password: secret,
        from: 'Ops <ops@example.com>',
        secure: true,
      },
      ...stepUp,
    });
    expect(res.status).toBe(200);
    expect(res.body.smtp).toEqual({
      host: 'smtp.example.com',
      port: 465,
      user: 'mailer',
      password: '••••2481',
      from: 'Ops <ops@example.com>',
      secure: true,
    });
    const stored = await storedSmtp();
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(decryptSecret(stored?.password ?? '', ctx.t.deps.secrets.encryptionKey)).toBe(secret);
    expect((await readSmtpSettings(ctx.t.db, ctx.t.deps.secrets.encryptionKey)).password).toBe(secret);
    expect((await ctx.staff.get<SettingValues>('/api/settings')).body.smtp.password).toBe('••••2481');
    const audits = await ctx.t.db.select().from(auditLog).where(eq(auditLog.action, 'setting.update'));
    expect(JSON.stringify(audits)).not.toContain(secret);
    expect(JSON.stringify(audits)).not.toContain(stored?.password);
  });

  it('keeps the stored password when the masked value comes back, and changes only the fields sent', async () => {
    await admin.patch('/api/settings', {
      smtp: { host: 'mail.example.com', password: 'first-pass-0001' },
      ...stepUp,
    });
    const shown = (await ctx.staff.get<SettingValues>('/api/settings')).body.smtp;
    const res = await admin.patch<SettingValues>('/api/settings', { smtp: { ...shown, port: 2525 }, ...stepUp });
    expect(res.body.smtp).toMatchObject({ host: 'mail.example.com', port: 2525, password: '••••0001' });
    expect((await readSmtpSettings(ctx.t.db, ctx.t.deps.secrets.encryptionKey)).password).toBe('first-pass-0001');
    const onlyUser = await ctx.staff.patch<SettingValues>('/api/settings', { smtp: { user: 'relay' }, ...stepUp });
    expect(onlyUser.body.smtp).toMatchObject({
      host: 'mail.example.com',
      port: 2525,
      user: 'relay',
      password: '••••0001',
    });
    const cleared = await ctx.staff.patch<SettingValues>('/api/settings', { smtp: { password: '' }, ...stepUp });
    expect(cleared.body.smtp.password).toBe('');
    expect((await storedSmtp())?.password).toBe('');
  });

  it('refuses invalid values with field errors and changes nothing', async () => {
    const before = (await ctx.staff.get<SettingValues>('/api/settings')).body;
    const res = await ctx.staff.patch<ProblemBody>('/api/settings', {
      minPasswordLength: 8,
      supportEmail: 'not-an-email',
      smtp: { port: 70000 },
      sessionIdleMinutes: 0,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      minPasswordLength: ['At least 12 characters'],
      supportEmail: [expect.any(String)],
      'smtp.port': [expect.any(String)],
      sessionIdleMinutes: [expect.any(String)],
    });
    expect((await ctx.staff.patch('/api/settings', { colour: 'blue' })).status).toBe(400);
    expect((await ctx.staff.patch('/api/settings', { portalName: '' })).status).toBe(400);
    expect((await ctx.staff.get<SettingValues>('/api/settings')).body).toEqual(before);
  });

  it('feeds the settings the rest of the app reads (session idle minutes)', async () => {
    const res = await ctx.staff.patch<SettingValues>('/api/settings', {
      sessionIdleMinutes: 10,
      logRetentionDays: 400,
      ...stepUp,
    });
    expect(res.body).toMatchObject({ sessionIdleMinutes: 10, logRetentionDays: 400 });
    const [row] = await ctx.t.db.select().from(settings).where(eq(settings.key, 'sessionIdleMinutes'));
    expect(row?.value).toBe(10);
    expect(row?.updatedBy).toBe(ctx.staffUser.id);
  });

  it('keeps the PCI bounds and never coerces types', async () => {
    const before = (await ctx.staff.get<SettingValues>('/api/settings')).body;
    const refused = async (body: object, field: string) => {
      const res = await ctx.staff.patch<ProblemBody>('/api/settings', { ...body, ...stepUp });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    };
    await refused({ sessionIdleMinutes: 720 }, 'sessionIdleMinutes');
    await refused({ sessionIdleMinutes: 16 }, 'sessionIdleMinutes');
    await refused({ sessionIdleMinutes: '15' }, 'sessionIdleMinutes');
    await refused({ sessionIdleMinutes: true }, 'sessionIdleMinutes');
    await refused({ logRetentionDays: 1 }, 'logRetentionDays');
    await refused({ logRetentionDays: 364 }, 'logRetentionDays');
    await refused({ minPasswordLength: '14' }, 'minPasswordLength');
    await refused({ smtp: { port: '587' } }, 'smtp.port');
    await refused({ smtp: { port: false } }, 'smtp.port');
    expect((await ctx.staff.get<SettingValues>('/api/settings')).body).toEqual(before);
  });

  it('asks for the password again (step-up) to change a security setting or SMTP, and audits it', async () => {
    const before = (await ctx.staff.get<SettingValues>('/api/settings')).body;
    const stepUps = async (outcome: string) =>
      (await ctx.t.db.select().from(auditLog).where(eq(auditLog.action, 'setting.step_up'))).filter(
        (a) => a.outcome === outcome && a.actorUserId === ctx.staffUser.id,
      );
    const successesBefore = (await stepUps('success')).length;
    for (const body of [
      { sessionIdleMinutes: 5 },
      { minPasswordLength: 14 },
      { logRetentionDays: 500 },
      { smtp: { from: 'Evil <evil@example.com>' } },
    ]) {
      const missing = await ctx.staff.patch<ProblemBody>('/api/settings', body);
      expect(missing.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(missing.body.errors ?? {})).toEqual(['currentPassword']);
      const wrong = await ctx.staff.patch<ProblemBody>('/api/settings', {
        ...body,
        currentPassword: 'not-my-pass-123',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual({ currentPassword: ['The password is not correct'] });
    }
    expect((await ctx.staff.get<SettingValues>('/api/settings')).body).toEqual(before);
    expect(await stepUps('failure')).toHaveLength(8);
    // The portal name is no security setting: no password needed.
    expect((await ctx.staff.patch('/api/settings', { portalName: 'Plain Change' })).status).toBe(200);
    const ok = await ctx.staff.patch<SettingValues>('/api/settings', { sessionIdleMinutes: 5, ...stepUp });
    expect(ok.status).toBe(200);
    expect(ok.body.sessionIdleMinutes).toBe(5);
    expect(await stepUps('success')).toHaveLength(successesBefore + 1);
    expect(JSON.stringify(await stepUps('failure'))).not.toContain('not-my-pass-123');
  });
});
