import type { SettingValues } from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { settings } from '../../db/schema/settings.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { signInAs, TEST_PASSWORD, type TestUser } from '../../test/sign-in.ts';

/**
 * Decision 073: the SMTP server (host, port) decides where the portal connects. Staff may change
 * the rest of the SMTP setting with their password (step-up), but not where it points; an
 * administrator may, audited before and after, and only to a host the outbound policy allows.
 */
const stepUp = { currentPassword: TEST_PASSWORD };

let t: TestApp;
let staff: JsonClient;
let admin: JsonClient;
let staffUser: TestUser;
let adminUser: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const s = await signInAs(t, 'ROLE_STAFF');
  const a = await signInAs(t, 'ROLE_ADMIN');
  [staff, staffUser, admin, adminUser] = [jsonClient(t, s.cookie), s.user, jsonClient(t, a.cookie), a.user];
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(settings).where(eq(settings.key, 'smtp'));
  await admin.patch('/api/settings', {
    smtp: { host: 'mail.example.com', port: 587, user: 'relay', password: 'first-pass-0001' },
    ...stepUp,
  });
});

const smtpNow = async () => (await admin.get<SettingValues>('/api/settings')).body.smtp;

describe('the SMTP server is an administrator’s to move', () => {
  it.each([{ host: '127.0.0.1' }, { host: 'mail.attacker.example' }, { port: 2525 }, { host: 'x.example', port: 25 }])(
    'refuses staff %j with 403 even with the password, changes nothing and audits the denial',
    async (change) => {
      const before = await smtpNow();
      const res = await staff.patch<ProblemBody>('/api/settings', { smtp: change, ...stepUp });
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe('Only an administrator may change the SMTP server (host and port).');
      expect(await smtpNow()).toEqual(before);
      const denials = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'permission.denied'), eq(auditLog.actorUserId, staffUser.id)));
      expect(denials.at(-1)).toMatchObject({ subjectType: 'smtp-server', outcome: 'denied' });
      expect((denials.at(-1)!.changes as { fields: string[] }).fields).toEqual(
        Object.keys(change).map((field) => `smtp.${field}`),
      );
    },
  );

  it('lets staff change the rest of the setting, and send the server back unchanged (the form does)', async () => {
    const shown = await smtpNow();
    const res = await staff.patch<SettingValues>('/api/settings', {
      smtp: { ...shown, user: 'other-relay', from: 'Ops <ops@example.com>' },
      ...stepUp,
    });
    expect(res.status).toBe(200);
    expect(res.body.smtp).toMatchObject({ host: 'mail.example.com', port: 587, user: 'other-relay' });
  });

  it('lets an admin move it, with the password, audited before and after without the password', async () => {
    const res = await admin.patch<SettingValues>('/api/settings', {
      smtp: { host: 'smtp.partner.example', port: 2525 },
      ...stepUp,
    });
    expect(res.status).toBe(200);
    expect(res.body.smtp).toMatchObject({ host: 'smtp.partner.example', port: 2525, password: '••••0001' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setting.update'), eq(auditLog.actorUserId, adminUser.id)))
      .orderBy(auditLog.at)
      .then((rows) => rows.slice(-1));
    const changes = audit!.changes as { smtp: { from: Record<string, unknown>; to: Record<string, unknown> } };
    expect(changes.smtp.from).toMatchObject({ host: 'mail.example.com', port: 587, password: '***' });
    expect(changes.smtp.to).toMatchObject({ host: 'smtp.partner.example', port: 2525, password: '***' });
    expect(JSON.stringify(audit)).not.toContain('first-pass');
    expect(JSON.stringify(audit)).not.toContain('0001');
  });

  it('asks an admin for the password too (step-up), after the role check', async () => {
    const res = await admin.patch<ProblemBody>('/api/settings', { smtp: { host: 'smtp.partner.example' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['currentPassword']);
  });
});

describe('the SMTP host is held to the outbound policy when it is saved', () => {
  it.each([
    '127.0.0.1',
    '2130706433',
    '0177.0.0.1',
    '0x7f000001',
    '127.1',
    '0.0.0.0',
    '::1',
    '[::]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    'localhost',
    '169.254.169.254',
    '10.0.0.25',
  ])('refuses %s with 400 on smtp.host while private networks are not allowed', async (host) => {
    const before = await smtpNow();
    const res = await admin.patch<ProblemBody>('/api/settings', { smtp: { host }, ...stepUp });
    expect(res.status).toBe(400);
    expect(res.body.errors?.['smtp.host']?.[0]).toMatch(/private or internal network/);
    expect(await smtpNow()).toEqual(before);
  });

  it.each(['mail.example.com:25', 'smtp://mail.example.com', 'mail example.com'])(
    'refuses %s as no host at all',
    async (host) => {
      const res = await admin.patch<ProblemBody>('/api/settings', { smtp: { host }, ...stepUp });
      expect(res.status).toBe(400);
      expect(res.body.errors?.['smtp.host']).toEqual(['Enter a host name (mail.example.com) or an IP address']);
    },
  );

  it('lets an internal host through when the operator allows private networks', async () => {
    const open = await createTestApp({ config: { outboundAllowPrivateNetworks: true } });
    try {
      const client = jsonClient(open, (await signInAs(open, 'ROLE_ADMIN')).cookie);
      const res = await client.patch<SettingValues>('/api/settings', { smtp: { host: '127.0.0.1' }, ...stepUp });
      expect(res.status).toBe(200);
      expect(res.body.smtp.host).toBe('127.0.0.1');
    } finally {
      await open.close();
    }
  });
});
