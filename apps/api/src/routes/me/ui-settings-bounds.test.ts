import { UI_SETTINGS_DEFAULTS } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signInAs } from '../../test/sign-in.ts';
import { listUserOptions, listUsers } from '../../domain/users/users.service.ts';

const put = (body: unknown, cookie: string) => ({
  method: 'PUT',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', cookie },
});

/** UI settings as a weapon: bounded per key and as a whole, and never read by lists. */
describe('UI settings bounds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a huge string, a deep array and unbounded grids, and stores nothing', async () => {
    const { user, cookie } = await signInAs(t, 'ROLE_AGENT');
    const huge = await t.app.request('/api/me/settings', put({ searchResults: ['x'.repeat(100_000)] }, cookie));
    expect(huge.status).toBe(400);
    // Written as text: JSON.stringify itself overflows the stack on 5,000 levels.
    const deep = `{"searchResults":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const nested = await t.app.request('/api/me/settings', {
      method: 'PUT',
      body: deep,
      headers: { 'content-type': 'application/json', cookie },
    });
    expect(nested.status).toBe(400);
    const columns = Object.fromEntries(Array.from({ length: 61 }, (_, i) => [`c${i}`, true]));
    const wide = await t.app.request('/api/me/settings', put({ columnVisibility: { users: columns } }, cookie));
    expect(wide.status).toBe(400);
    const grids = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`g${i}`, { a: true }]));
    expect((await t.app.request('/api/me/settings', put({ columnVisibility: grids }, cookie))).status).toBe(400);
    const [row] = await t.db.select({ ui: users.uiSettings }).from(users).where(eq(users.id, user.id));
    expect(row?.ui).toEqual({});
  });

  it('keeps a time zone the runtime knows and refuses one it does not, with the field named', async () => {
    const { cookie } = await signInAs(t, 'ROLE_AGENT');
    const bad = await t.app.request('/api/me/settings', put({ timeZone: 'Mars/Olympus_Mons' }, cookie));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('timeZone');
    const good = await t.app.request('/api/me/settings', put({ timeZone: 'America/Chicago' }, cookie));
    expect(good.status).toBe(200);
    expect(((await good.json()) as { timeZone: string }).timeZone).toBe('America/Chicago');
    const read = await t.app.request('/api/me/settings', { headers: { cookie } });
    expect(((await read.json()) as { timeZone: string }).timeZone).toBe('America/Chicago');
  });

  it('answers 413 when valid keys together pass 16 KB', async () => {
    const { cookie } = await signInAs(t, 'ROLE_AGENT');
    const hit = (i: number) => ({ title: 't'.repeat(200), url: `/x/${i}/${'u'.repeat(490)}` });
    const results = Array.from({ length: 10 }, (_, i) => hit(i));
    const grid = (g: number) =>
      Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`col${i}-${'c'.repeat(50)}`, g % 2 === 0]));
    const columnVisibility = Object.fromEntries(Array.from({ length: 5 }, (_, g) => [`grid${g}`, grid(g)]));
    const res = await t.app.request('/api/me/settings', put({ searchResults: results, columnVisibility }, cookie));
    expect(res.status).toBe(413);
    expect(await (await t.app.request('/api/me/settings', { headers: { cookie } })).json()).toEqual(
      UI_SETTINGS_DEFAULTS,
    );
  });

  it('user lists and pickers never select ui_settings', async () => {
    const selected: unknown[] = [];
    // Records what every select asks for: select() with no fields would read every column.
    const spy = new Proxy(t.db, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (prop !== 'select' || typeof value !== 'function') return value;
        return (fields?: Record<string, unknown>) => {
          selected.push(fields);
          return (value as (f?: unknown) => unknown).call(target, fields);
        };
      },
    });
    await listUsers(spy, { page: 0, pageSize: 10, allData: true } as Parameters<typeof listUsers>[1]);
    await listUserOptions(spy, {});
    expect(selected.length).toBeGreaterThanOrEqual(3);
    for (const fields of selected) {
      expect(fields).toBeDefined();
      expect(Object.values(fields as object)).not.toContain(users.uiSettings);
      expect(Object.values(fields as object)).not.toContain(users.passwordHash);
    }
  });
});
