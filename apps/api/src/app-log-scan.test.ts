import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { createLogger } from './lib/logger.ts';
import { createTestApp, type TestApp } from './test/harness.ts';
import { signInAs } from './test/sign-in.ts';

/**
 * A failed database write logged the argon2 hash and the email. A real write fails
 * here (a trigger refuses it after the hash was made), and the whole log output is scanned.
 */
describe('logs of a failed database write', () => {
  let t: TestApp;
  let cookie: string;
  const lines: string[] = [];
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signInAs(t, 'ROLE_ADMIN')).cookie;
    // The app under test logs through the production logger, into `lines`.
    app = createApp({ ...t.deps, logger: createLogger('info', { write: (line: string) => void lines.push(line) }) });
    await t.db.execute(sql`
      CREATE FUNCTION refuse_log_scan() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.email LIKE 'logscan-%' THEN RAISE EXCEPTION 'disk on fire'; END IF;
        RETURN NEW;
      END $$`);
    await t.db.execute(
      sql`CREATE TRIGGER refuse_log_scan BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_log_scan()`,
    );
  });
  afterAll(() => t?.close());

  it('logs the failure without the hash, the email or the password', async () => {
    const email = 'logscan-grace@test.example';
    const password = 'logscan-Secret-2024-pass';
    const res = await app.request('/api/users', {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json' },
      body: JSON.stringify({
        data: { email, password, role: 'ROLE_STAFF', firstName: 'Grace', lastName: 'Hopper' },
      }),
    });
    expect(res.status).toBe(500);
    const output = lines.join('');
    const failure = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'unhandled error');
    expect(failure, output).toBeDefined();
    expect(JSON.stringify(failure)).toMatch(/disk on fire/); // the cause is still there to act on
    expect(JSON.stringify(failure)).toMatch(/insert into \\"users\\"/);
    expect(output).not.toContain('$argon2');
    expect(output).not.toContain(email);
    expect(output).not.toContain('logscan-grace');
    expect(output).not.toContain(password);
    expect(output).not.toContain(cookie.split('=')[1]!.slice(0, 20));
  });

  it('drops params from a DrizzleQueryError and censors secret keys at any depth', () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      constraint: 'users_email_unique',
      detail: 'Key (lower(email))=(ada@test.example) already exists.',
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      params: ['ada@test.example', hash],
    });
    const error = new DrizzleQueryError(cause.query, cause.params, cause);
    const captured: string[] = [];
    const log = createLogger('info', { write: (line: string) => void captured.push(line) });
    log.error({ err: error }, 'write failed');
    log.info(
      {
        body: { password: 'pw-123456789', data: { user: { passwordHash: hash, smtp: { password: 's1' } } } },
        merchant: { owners: { first: { ssn: '123-45-6789', taxId: '12-3456789', accountNumber: '000123456789' } } },
        req: { headers: { authorization: 'Bearer abc.def', cookie: 'authjs.session-token=xyz' } },
        currentPassword: 'old-pass-42',
        input: { newPassword: 'new-pass-42', token: 't0k', secret: 's3c', routingNumber: '021000021' },
      },
      'shapes',
    );
    const output = captured.join('');
    for (const secret of [
      hash,
      'ada@test.example',
      'pw-123456789',
      's1"',
      '123-45-6789',
      '12-3456789',
      '000123456789',
      'abc.def',
      'xyz',
      'old-pass-42',
      'new-pass-42',
      't0k',
      's3c',
      '021000021',
    ]) {
      expect(output, secret).not.toContain(secret);
    }
    const [logged] = captured.map((l) => JSON.parse(l) as { err: Record<string, unknown> });
    expect(logged!.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users"',
      cause: { code: '23505', constraint: 'users_email_unique', statement: 'insert into "users"' },
    });
  });
});
