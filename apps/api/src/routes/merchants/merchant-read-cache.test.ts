import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import type { ApiTokenWithSecret, MerchantDetail, Stage } from '@boardwalk/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/merchants.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { readCacheOf } from '../../lib/read-cache/cached-json.ts';
import type { ReadCache } from '../../lib/read-cache/read-cache.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient } from '../../test/json-client.ts';
import { testServerUrl } from '../../test/scratch-database.ts';
import { signInAs } from '../../test/sign-in.ts';
import { applyStageChange } from '../../domain/merchants/stage/merchant-stage.service.ts';

/**
 * The read cache of the merchant list, search and view (decision 052), on: an answer is served
 * from it until a write that can change it commits, through any route or by hand (SQL on another
 * connection, as another process or psql would), and never to a caller the route refuses.
 */
describe('merchant read cache', () => {
  let t: TestApp;
  let cache: ReadCache;
  let staff: JsonClient;
  let staffCookie: string;
  let admin: JsonClient;
  let agent: JsonClient;
  let stage: Record<'sales' | 'underwriting', Stage>;
  let m: MerchantDetail;
  const tag = randomUUID().slice(0, 6);

  beforeAll(async () => {
    t = await createTestApp({ config: { readCacheMb: 16 } });
    cache = readCacheOf(t.deps);
    const s = await signInAs(t, 'ROLE_STAFF');
    staffCookie = s.cookie;
    staff = jsonClient(t, s.cookie);
    admin = jsonClient(t, (await signInAs(t, 'ROLE_ADMIN')).cookie);
    agent = jsonClient(t, (await signInAs(t, 'ROLE_AGENT')).cookie);
    const newStage = async (pipeline: 'sales' | 'underwriting', isDefault = false) =>
      (await staff.post<Stage>('/api/stages', { data: { name: `${pipeline} ${tag}`, pipeline, isDefault } })).body;
    stage = { sales: await newStage('sales', true), underwriting: await newStage('underwriting') };
    m = (
      await staff.post<MerchantDetail>('/api/merchants', {
        data: { dbaName: `Cached ${tag}`, taxId: '12-3456789', owners: [{ firstName: 'Olive', lastName: 'Owner' }] },
      })
    ).body;
    await waitFor(() => cache.enabled, 'the cache listens');
  });
  afterAll(() => t?.close());

  const paths = () => ({
    list: '/api/merchants/sales?pageSize=25',
    search: `/api/search?q=${encodeURIComponent(`cached ${tag}`)}`,
    view: `/api/merchants/${m.id}`,
  });

  /**
   * GETs each path twice: the second must be a hit with the same body. On PostgreSQL the
   * notification of an earlier write may arrive during the two and empty the cache (the epoch
   * moves): then the pair is asked again, at most five times.
   */
  async function primed(client = staff) {
    const bodies: Record<string, unknown> = {};
    for (const [name, path] of Object.entries(paths())) {
      for (let attempt = 1; ; attempt++) {
        const epoch = cache.epoch;
        const first = await client.get(path);
        expect(first.status, `${name}: ${JSON.stringify(first.body)}`).toBe(200);
        const hits = cache.stats.hits;
        const second = await client.get(path);
        if (cache.epoch !== epoch && attempt < 5) continue;
        expect(second.body).toEqual(first.body);
        expect(cache.stats.hits, `${name} is served from the cache`).toBe(hits + 1);
        bodies[name] = first.body;
        break;
      }
    }
    return bodies as { list: { merchants: { id: string; dbaName: string }[] }; search: unknown; view: MerchantDetail };
  }

  it('serves a repeated list, search and view from the cache, masked and compressed as before', async () => {
    const { view, list, search } = await primed();
    expect(view.taxId).toBe(m.taxId);
    expect(view.taxId).not.toContain('3456');
    expect(list.merchants.some((r) => r.id === m.id)).toBe(true);
    expect(search).toEqual({
      data: [{ id: m.id, dbaName: m.dbaName, stage: { name: stage.sales.name }, url: `/merchant/view/${m.id}` }],
    });
    // A client taking brotli gets the same body compressed (made once, then kept).
    const res = await t.app.request(paths().list, { headers: { cookie: staffCookie, 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(list);
  });

  it('never answers an agent or a signed-out caller from the cache, and keys answers by role', async () => {
    await primed();
    for (const path of Object.values(paths())) {
      expect((await agent.get(path)).status).toBe(403);
      expect((await jsonClient(t).get(path)).status).toBe(401);
    }
    const misses = cache.stats.misses;
    await admin.get(paths().list);
    expect(cache.stats.misses, 'another role has its own entry').toBe(misses + 1);
  });

  it('refuses a revoked session at once, though its answers are cached', async () => {
    const s = await signInAs(t, 'ROLE_STAFF');
    const client = jsonClient(t, s.cookie);
    await primed(client);
    await t.db.delete(sessions).where(eq(sessions.userId, s.user.id));
    for (const path of Object.values(paths())) expect((await client.get(path)).status).toBe(401);
  });

  /** Each write through the API: the next answers show it (the writing process empties its cache). */
  const routeWrites: [string, () => Promise<unknown>, (b: Awaited<ReturnType<typeof primed>>) => unknown][] = [
    [
      'PATCH a merchant',
      async () => {
        const current = (await staff.get<MerchantDetail>(`/api/merchants/${m.id}`)).body;
        const res = await staff.patch(`/api/merchants/${m.id}`, {
          dbaName: `Cached ${tag} renamed`,
          updatedAt: current.updatedAt,
        });
        expect(res.status).toBe(200);
      },
      (b) => b.view.dbaName,
    ],
    [
      'add an owner',
      () => staff.post(`/api/merchants/${m.id}/owners`, { data: { firstName: 'Second', lastName: 'Owner' } }),
      (b) => b.view.owners.length,
    ],
    [
      'change the stage',
      () => staff.post(`/api/merchants/${m.id}/stage`, { stageId: stage.underwriting.id }),
      (b) => b.view.stage.id,
    ],
    [
      'bulk stage change',
      () => staff.post('/api/merchants/bulk/stage', { ids: [m.id], stageId: stage.sales.id }),
      (b) => b.view.stage.id,
    ],
    [
      'rename the stage',
      async () => {
        const current = (await staff.get<Stage>(`/api/stages/${stage.sales.id}`)).body;
        await staff.patch(`/api/stages/${stage.sales.id}`, {
          name: `Sales ${tag} renamed`,
          updatedAt: current.updatedAt,
        });
      },
      (b) => b.view.stage.name,
    ],
    ['delete the merchant', () => staff.delete(`/api/merchants/${m.id}`), (b) => b.view.deletedAt],
    ['restore the merchant', () => staff.post(`/api/merchants/${m.id}/restore`, {}), (b) => b.view.deletedAt],
  ];

  for (const [name, write, shown] of routeWrites) {
    it(`shows the write at once: ${name}`, async () => {
      const before = await primed();
      await write();
      const after = await primed();
      expect(shown(after)).not.toEqual(shown(before));
    });
  }

  it('sends what middleware set before the handler with a cached answer too (the token rate limit)', async () => {
    const superadmin = jsonClient(t, (await signInAs(t, 'ROLE_SUPERADMIN')).cookie);
    const token = await superadmin.post<ApiTokenWithSecret>('/api/api-tokens', {
      data: { name: `Cache ${tag}`, scopes: { merchant: 'read' }, expiry: 'none' },
    });
    expect(token.status, JSON.stringify(token.body)).toBe(201);
    const call = () =>
      t.app.request(paths().list, {
        headers: { authorization: `Bearer ${token.body.secret}`, origin: 'http://localhost' },
      });
    const hits = cache.stats.hits;
    for (const res of [await call(), await call()]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBeTruthy();
      expect(res.headers.get('ratelimit-remaining')).toBeTruthy();
    }
    expect(cache.stats.hits).toBeGreaterThan(hits);
  });

  it('is emptied by any request that may write, once it is answered, before its answer leaves', async () => {
    await primed();
    const epoch = cache.epoch;
    const res = await staff.post('/api/merchants', { data: {} });
    expect(res.status).toBe(400);
    expect(cache.epoch).toBeGreaterThan(epoch);
    expect(cache.size).toBe(0);
  });

  /** Writes no request of this app made: only the database's notification can empty the cache. */
  const handWrites: [string, string][] = [
    ['merchants', `UPDATE merchants SET city = 'Notified ${tag}' WHERE id = '$ID'`],
    ['merchant_owners', `UPDATE merchant_owners SET first_name = 'Renamed' WHERE merchant_id = '$ID'`],
    ['stages', `UPDATE stages SET color = '#123456' WHERE id = '$STAGE'`],
    ['agent_accounts', `UPDATE agent_accounts SET name = name WHERE false`],
    ['companies', `UPDATE companies SET name = name WHERE false`],
    ['industries', `UPDATE industries SET name = name WHERE false`],
    ['lead_sources', `UPDATE lead_sources SET name = name WHERE false`],
    ['users (a name)', `UPDATE users SET display_name = display_name WHERE false`],
    ['merchant_counts (a refresh by hand)', `SELECT refresh_merchant_counts()`],
  ];

  for (const [table, statement] of handWrites) {
    it(`is emptied when a statement on ${table} commits, written by hand`, async () => {
      await primed();
      const epoch = cache.epoch;
      await t.db.execute(sql.raw(statement.replace('$ID', m.id).replace('$STAGE', stage.sales.id)));
      await waitFor(() => cache.epoch > epoch, `a notification for ${table}`);
      expect(cache.size).toBe(0);
    });
  }

  it('is not emptied by a statement that changes no name it shows (users: a sign-in column)', async () => {
    await primed();
    const epoch = cache.epoch;
    await t.db.execute(sql`UPDATE users SET updated_at = updated_at WHERE false`);
    await t.db.execute(sql`select pg_notify('other_channel', 'x')`);
    await new Promise((r) => setTimeout(r, 100));
    expect(cache.epoch).toBe(epoch);
  });

  it('shows a stage change made by the workflow engine (no request) once its transaction commits', async () => {
    const before = await primed();
    await t.db.transaction(async (tx) => {
      const [row] = await tx.select().from(merchants).where(eq(merchants.id, m.id));
      const to = before.view.stage.id === stage.sales.id ? stage.underwriting.id : stage.sales.id;
      await applyStageChange(tx, row!, to, {
        now: new Date(),
        userId: null,
        audit: { actorUserId: null, actorTokenId: null, actorLabel: 'workflow', ip: null },
      });
    });
    await waitFor(async () => (await staff.get<MerchantDetail>(paths().view)).body.stage.id !== before.view.stage.id);
  });

  it('stores nothing for a rolled-back write and is not emptied by it', async () => {
    await primed();
    const epoch = cache.epoch;
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE merchants SET city = 'rolled back' WHERE id = ${m.id}`);
        throw new Error('roll back');
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 100));
    expect(cache.epoch).toBe(epoch);
    expect(JSON.stringify((await staff.get(paths().view)).body)).not.toContain('rolled back');
  });

  it.runIf(Boolean(testServerUrl))('is off while its LISTEN connection is lost, and on once it is back', async () => {
    await primed();
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'boardwalk read cache' and datname = current_database()`,
    );
    await waitFor(() => !cache.enabled, 'the cache turns off');
    expect(cache.size).toBe(0);
    const misses = cache.stats.misses;
    await staff.get(paths().list);
    await staff.get(paths().list);
    expect(cache.stats.misses, 'nothing looked up while off').toBe(misses);
    await waitFor(() => cache.enabled, 'the cache listens again', 5000);
    await primed();
  });
});

async function waitFor(check: () => boolean | Promise<boolean>, what = 'condition', ms = 3000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
