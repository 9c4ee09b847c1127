import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from './json-client.ts';
import { signInAs, type TestUser } from './sign-in.ts';

type Row = Record<string, unknown> & { id: string; updatedAt: string; deletedAt: string | null };
type List = { total: number; params: Record<string, unknown>; allData: Row[] } & Record<string, Row[]>;

export type CrudContext = {
  t: TestApp;
  staff: JsonClient;
  staffUser: TestUser;
  agent: JsonClient;
  anon: JsonClient;
};

/** One app per test file, with a staff client, an agent client and an anonymous one. */
export function useCrudContext(): CrudContext {
  const ctx = {} as CrudContext;
  beforeAll(async () => {
    ctx.t = await createTestApp();
    const staff = await signInAs(ctx.t, 'ROLE_STAFF');
    const agent = await signInAs(ctx.t, 'ROLE_AGENT');
    ctx.staffUser = staff.user;
    ctx.staff = jsonClient(ctx.t, staff.cookie);
    ctx.agent = jsonClient(ctx.t, agent.cookie);
    ctx.anon = jsonClient(ctx.t);
  });
  afterAll(() => ctx.t?.close());
  return ctx;
}

export type CrudContract = {
  path: string;
  key: string;
  subject: string;
  /** Valid create data; `tag` is unique to the test and appears in a searched field. */
  make: (tag: string, i: number) => Record<string, unknown>;
  /** A create body that fails validation, and the field the 400 names. */
  invalid: { data: Record<string, unknown>; field: string };
  /** A valid change to an existing row. */
  change: Record<string, unknown>;
  /** A field whose value must be unique, ignoring case, and how to spell a clash. */
  unique?: { field: string; clash: (row: Row) => Record<string, unknown> };
  /** An allow-listed sort column with distinct values across make(tag, 0..2). */
  sort: string;
  /** A filter: the query, the create-data override that matches it, and its check. */
  filter: { query: string; override: Record<string, unknown>; matches: (row: Row) => boolean };
};

async function lastAudit(t: TestApp, action: string, subjectId: string) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)))
    .orderBy(desc(auditLog.at))
    .limit(1);
  return row;
}

/** The behaviour every reference entity shares, run against the real app. */
export function crudContract(ctx: CrudContext, c: CrudContract) {
  const tag = () => randomUUID().slice(0, 8);
  const create = async (data: Record<string, unknown>) => {
    const res = await ctx.staff.post<Row>(c.path, { data });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  /**
   * The row as a client sends it back: its id, the updatedAt it read and its writable fields (those
   * of the create data). The rest of the record is read-only and refused (decision 075).
   */
  const writable = (row: Row) => {
    const fields = Object.keys(c.make(tag(), 0)).filter((field) => field in row);
    return { ...Object.fromEntries(fields.map((field) => [field, row[field]])), id: row.id, updatedAt: row.updatedAt };
  };

  it('answers 401 without a session', async () => {
    const id = randomUUID();
    expect((await ctx.anon.get(c.path)).status).toBe(401);
    expect((await ctx.anon.get(`${c.path}/${id}`)).status).toBe(401);
    expect((await ctx.anon.post(c.path, { data: c.make(tag(), 0) })).status).toBe(401);
    expect((await ctx.anon.patch(`${c.path}/${id}`, c.change)).status).toBe(401);
    expect((await ctx.anon.delete(`${c.path}/${id}`)).status).toBe(401);
  });

  it('answers 403 to ROLE_AGENT for every action and audits each denial', async () => {
    const row = await create(c.make(tag(), 0));
    // An agent of this test's own, so that the audit rows counted are this test's denials only.
    const signed = await signInAs(ctx.t, 'ROLE_AGENT');
    const agent = jsonClient(ctx.t, signed.cookie);
    expect((await agent.get(c.path)).status).toBe(403);
    expect((await agent.get(`${c.path}/${row.id}`)).status).toBe(403);
    expect((await agent.post(c.path, { data: c.make(tag(), 1) })).status).toBe(403);
    expect((await agent.patch(`${c.path}/${row.id}`, c.change)).status).toBe(403);
    expect((await agent.delete(`${c.path}/${row.id}`)).status).toBe(403);
    expect((await ctx.staff.get(`${c.path}/${row.id}`)).body.deletedAt).toBeNull();
    const denials = await ctx.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'permission.denied'), eq(auditLog.actorUserId, signed.user.id)));
    expect(denials.map((d) => [d.subjectType, (d.changes as { method: string }).method].join(' ')).sort()).toEqual([
      `${c.subject} DELETE`,
      `${c.subject} GET`,
      `${c.subject} GET`,
      `${c.subject} PATCH`,
      `${c.subject} POST`,
    ]);
  });

  it('creates with 201, records who did it and audits the fields', async () => {
    const data = c.make(tag(), 0);
    const row = await create(data);
    expect(row).toMatchObject({ createdBy: ctx.staffUser.id, updatedBy: ctx.staffUser.id, deletedAt: null });
    const audit = await lastAudit(ctx.t, `${c.subject}.create`, row.id);
    expect(audit).toMatchObject({ outcome: 'success', actorUserId: ctx.staffUser.id, subjectType: c.subject });
    const firstField = Object.keys(data)[0] as string;
    expect(audit?.changes?.[firstField]).toEqual({ to: row[firstField] });
  });

  it('refuses invalid fields with 400 and field errors, and saves nothing', async () => {
    // A staff member of this test's own: "nothing saved" means no row and no create audit by them.
    const signed = await signInAs(ctx.t, 'ROLE_STAFF');
    const staff = jsonClient(ctx.t, signed.cookie);
    const res = await staff.post<ProblemBody>(c.path, { data: c.invalid.data });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.errors?.[c.invalid.field]?.[0]).toEqual(expect.any(String));
    expect((await staff.post<ProblemBody>(c.path, {})).status).toBe(400);
    const all = (await staff.get<List>(`${c.path}?pageSize=1&allData=true`)).body.allData;
    expect(all.filter((r) => r.createdBy === signed.user.id)).toEqual([]);
    const audits = await ctx.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, signed.user.id), eq(auditLog.action, `${c.subject}.create`)));
    expect(audits).toEqual([]);
  });

  it('reads one by id; 404 for an unknown id, 400 for a malformed one', async () => {
    const row = await create(c.make(tag(), 0));
    expect((await ctx.staff.get<Row>(`${c.path}/${row.id}`)).body).toEqual(row);
    const missing = await ctx.staff.get<ProblemBody>(`${c.path}/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.status).toBe(404);
    expect((await ctx.staff.get<ProblemBody>(`${c.path}/not-an-id`)).body.errors?.id).toBeDefined();
  });

  it('lists a page with q, sort, order, total, params, and allData only when asked for', async () => {
    const k = tag();
    const rows = [await create(c.make(k, 0)), await create(c.make(k, 1)), await create(c.make(k, 2))];
    const asc = await ctx.staff.get<List>(`${c.path}?q=${k}&pageSize=2&sort=${c.sort}&order=asc`);
    expect(asc.status).toBe(200);
    expect(asc.body.total).toBe(3);
    expect(asc.body[c.key]).toHaveLength(2);
    expect(asc.body.params).toMatchObject({ q: k, page: 0, pageSize: 2, sort: c.sort, order: 'asc' });
    const desc = await ctx.staff.get<List>(`${c.path}?q=${k}&pageSize=2&page=0&sort=${c.sort}&order=desc`);
    const last = await ctx.staff.get<List>(`${c.path}?q=${k}&pageSize=2&page=1&sort=${c.sort}&order=desc`);
    expect(last.body[c.key]).toHaveLength(1);
    const ascIds = [
      ...(asc.body[c.key] ?? []),
      ...((await ctx.staff.get<List>(`${c.path}?q=${k}&pageSize=2&page=1&sort=${c.sort}`)).body[c.key] ?? []),
    ].map((r) => r.id);
    const descIds = [...(desc.body[c.key] ?? []), ...(last.body[c.key] ?? [])].map((r) => r.id);
    expect(descIds).toEqual([...ascIds].reverse());
    expect(new Set(ascIds)).toEqual(new Set(rows.map((r) => r.id)));
    expect(asc.body.allData).toEqual([]);
    const all = await ctx.staff.get<List>(`${c.path}?q=${k}&pageSize=1&allData=true`);
    expect(all.body.params).toMatchObject({ allData: true });
    const allIds = all.body.allData.map((r) => r.id);
    for (const r of rows) expect(allIds).toContain(r.id);
    expect(all.body[c.key]).toHaveLength(1);
  });

  it('filters the list', async () => {
    const k = tag();
    const hit = await create({ ...c.make(k, 0), ...c.filter.override });
    const miss = await create(c.make(k, 1));
    const res = await ctx.staff.get<List>(`${c.path}?q=${k}&${c.filter.query}`);
    expect(res.status).toBe(200);
    const ids = (res.body[c.key] ?? []).map((r) => r.id);
    expect(ids).toContain(hit.id);
    expect(ids).not.toContain(miss.id);
    expect((res.body[c.key] ?? []).every(c.filter.matches)).toBe(true);
  });

  it('refuses a bad list query with 400', async () => {
    expect((await ctx.staff.get(`${c.path}?pageSize=101`)).status).toBe(400);
    expect((await ctx.staff.get(`${c.path}?page=-1`)).status).toBe(400);
    expect((await ctx.staff.get(`${c.path}?sort=password`)).status).toBe(400);
    expect((await ctx.staff.get(`${c.path}?order=sideways`)).status).toBe(400);
  });

  it('updates with 200 and audits only the changed fields', async () => {
    const row = await create(c.make(tag(), 0));
    ctx.t.clock.advance(1000);
    const res = await ctx.staff.patch<Row>(`${c.path}/${row.id}`, { ...writable(row), ...c.change });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject(c.change);
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThan(new Date(row.updatedAt).getTime());
    const audit = await lastAudit(ctx.t, `${c.subject}.update`, row.id);
    expect(Object.keys(audit?.changes ?? {}).sort()).toEqual(Object.keys(c.change).sort());
  });

  it('refuses a stale update with 409 and a mismatched id with 400', async () => {
    const row = await create(c.make(tag(), 0));
    ctx.t.clock.advance(1000);
    expect((await ctx.staff.patch(`${c.path}/${row.id}`, { ...c.change, updatedAt: row.updatedAt })).status).toBe(200);
    const stale = await ctx.staff.patch<ProblemBody>(`${c.path}/${row.id}`, writable(row));
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toMatch(/changed by someone else/);
    const wrongId = await ctx.staff.patch<ProblemBody>(`${c.path}/${row.id}`, { id: randomUUID() });
    expect(wrongId.status).toBe(400);
    expect(wrongId.body.errors?.id).toBeDefined();
  });

  it('refuses the whole record sent back: its read-only fields are named, and nothing changes', async () => {
    const row = await create(c.make(tag(), 0));
    ctx.t.clock.advance(1000);
    const res = await ctx.staff.patch<ProblemBody>(`${c.path}/${row.id}`, { ...row, ...c.change });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      createdAt: ['Read-only: the server sets it'],
      deletedAt: [`Read-only here: use DELETE ${c.path}/{id}`],
    });
    expect((await ctx.staff.get<Row>(`${c.path}/${row.id}`)).body).toEqual(row);
  });

  it('refuses an update without updatedAt with 428 and leaves the row as it was', async () => {
    const row = await create(c.make(tag(), 0));
    ctx.t.clock.advance(1000);
    const blind = await ctx.staff.patch<ProblemBody>(`${c.path}/${row.id}`, { ...c.change });
    expect(blind.status).toBe(428);
    expect(blind.body).toMatchObject({ title: 'Precondition Required', code: 'precondition_required' });
    expect(blind.body.errors?.updatedAt).toBeDefined();
    expect((await ctx.staff.get<Row>(`${c.path}/${row.id}`)).body).toEqual(row);
  });

  it('answers 404 to an update or delete of an unknown id', async () => {
    expect((await ctx.staff.patch(`${c.path}/${randomUUID()}`, c.change)).status).toBe(404);
    expect((await ctx.staff.delete(`${c.path}/${randomUUID()}`)).status).toBe(404);
  });

  if (c.unique) {
    const unique = c.unique;
    it(`answers 409 with a field error for a taken ${unique.field}, ignoring case`, async () => {
      const row = await create(c.make(tag(), 0));
      const clash = await ctx.staff.post<ProblemBody>(c.path, { data: { ...c.make(tag(), 1), ...unique.clash(row) } });
      expect(clash.status).toBe(409);
      expect(clash.body.errors?.[unique.field]?.[0]).toEqual(expect.any(String));
      const other = await create(c.make(tag(), 2));
      const update = await ctx.staff.patch<ProblemBody>(`${c.path}/${other.id}`, {
        ...unique.clash(row),
        updatedAt: other.updatedAt,
      });
      expect(update.status).toBe(409);
      expect(update.body.errors?.[unique.field]).toBeDefined();
    });
  }

  it('deletes softly: 204, gone from the list and allData, still readable by id', async () => {
    const k = tag();
    const row = await create(c.make(k, 0));
    const res = await ctx.staff.delete(`${c.path}/${row.id}`);
    expect(res.status).toBe(204);
    const list = await ctx.staff.get<List>(`${c.path}?q=${k}&pageSize=100&allData=true`);
    expect(list.body.total).toBe(0);
    expect(list.body.allData.map((r) => r.id)).not.toContain(row.id);
    const kept = await ctx.staff.get<Row>(`${c.path}/${row.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.deletedAt).toEqual(expect.any(String));
    expect((await ctx.staff.delete(`${c.path}/${row.id}`)).status).toBe(404);
    expect((await ctx.staff.patch(`${c.path}/${row.id}`, c.change)).status).toBe(404);
    expect(await lastAudit(ctx.t, `${c.subject}.delete`, row.id)).toBeDefined();
    if (c.unique) {
      // A deleted row frees its unique value.
      await create({ ...c.make(tag(), 1), ...c.unique.clash(row) });
    }
  });
}
