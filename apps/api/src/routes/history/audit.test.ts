import { randomUUID } from 'node:crypto';
import type { AuditEntry, AuditListResponse } from '@boardwalk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { createUser, signInAs, type TestUser } from '../../test/sign-in.ts';
import { auditBatches } from '../../domain/history/audit.service.ts';

/** A minimal RFC 4180 reader for the test: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  return rows;
}

describe('audit log viewer API', () => {
  let t: TestApp;
  let admin: JsonClient;
  let adminUser: TestUser;
  let adminCookie: string;
  let actor: TestUser;
  /** Every row this file inserts has this subject type, so other rows never get in the way. */
  const subjectType = `audit-test-${randomUUID().slice(0, 8)}`;
  const subjectId = randomUUID();

  const insert = (row: Partial<typeof auditLog.$inferInsert> & { at: Date }) =>
    t.db.insert(auditLog).values({ action: 'company.update', outcome: 'success', subjectType, ...row });
  const list = (query: string) =>
    admin.get<AuditListResponse>(`/api/history/audit?subjectType=${subjectType}&${query}`);

  beforeAll(async () => {
    t = await createTestApp();
    ({ user: adminUser, cookie: adminCookie } = await signInAs(t, 'ROLE_ADMIN'));
    admin = jsonClient(t, adminCookie);
    actor = await createUser(t.db, { displayName: 'Grace Hopper', email: `grace-${randomUUID()}@test.example` });
    await insert({
      at: new Date('2026-03-01T10:00:00Z'),
      actorUserId: actor.id,
      action: 'company.update',
      subjectId,
      changes: { name: { from: 'Old', to: 'New' } },
      ip: '203.0.113.9',
    });
    await insert({
      at: new Date('2026-03-02T10:00:00Z'),
      actorLabel: 'ghost@example.com',
      action: 'auth.sign_in',
      outcome: 'failure',
    });
    await insert({ at: new Date('2026-03-03T10:00:00Z'), actorTokenId: randomUUID(), action: 'auth.sign_out' });
    await insert({ at: new Date('2026-03-04T23:59:00Z'), action: 'permission.denied', outcome: 'denied' });
  });
  afterAll(() => t.close());

  it('lists rows newest first with the actor joined, in the list shape of docs/architecture.md (API conventions)', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.allData).toEqual([]);
    expect(res.body.params).toMatchObject({ page: 0, pageSize: 25, sort: 'at', order: 'desc', subjectType });
    expect(res.body.audit.map((r) => r.action)).toEqual([
      'permission.denied',
      'auth.sign_out',
      'auth.sign_in',
      'company.update',
    ]);
    const [system, token, anonymous, user] = res.body.audit as [AuditEntry, AuditEntry, AuditEntry, AuditEntry];
    expect(user).toMatchObject({
      at: '2026-03-01T10:00:00.000Z',
      actor: { type: 'user', userId: actor.id, name: 'Grace Hopper', email: actor.email, label: 'Grace Hopper' },
      subjectType,
      subjectId,
      changes: { name: { from: 'Old', to: 'New' } },
      ip: '203.0.113.9',
      outcome: 'success',
    });
    expect(anonymous.actor).toMatchObject({ type: 'anonymous', label: 'ghost@example.com', userId: null });
    expect(token.actor.type).toBe('token');
    expect(token.actor.label).toMatch(/^API token /);
    expect(system.actor).toMatchObject({ type: 'system', label: 'System' });
  });

  it('names each subject as people know it: a user by name, a company by its name; a gone one by nothing', async () => {
    const company = await admin.post<{ id: string }>('/api/companies', {
      data: { name: 'Harbour Payments', type: 'partner_iso' },
    });
    expect(company.status).toBe(201);
    const gone = randomUUID();
    const at = new Date('2026-02-01T00:00:00Z');
    await t.db.insert(auditLog).values([
      { at, action: 'user.update', outcome: 'success', subjectType: 'user', subjectId: actor.id },
      { at, action: 'company.update', outcome: 'success', subjectType: 'company', subjectId: company.body.id },
      { at, action: 'merchant.delete', outcome: 'success', subjectType: 'merchant', subjectId: gone },
      { at, action: 'setting.update', outcome: 'success', subjectType: 'setting', subjectId: 'not-a-uuid' },
    ]);
    const name = async (subjectId: string) => {
      const res = await admin.get<AuditListResponse>(`/api/history/audit?subjectId=${subjectId}`);
      expect(res.status).toBe(200);
      return res.body.audit.map((entry) => entry.subjectName);
    };
    expect(await name(actor.id)).toContain('Grace Hopper');
    // The create wrote its own row: every row about the company carries its name.
    expect(new Set(await name(company.body.id))).toEqual(new Set(['Harbour Payments']));
    expect(await name(gone)).toEqual([null]);
    expect(await name('not-a-uuid')).toEqual([null]);
  });

  it('pages and sorts oldest first on request', async () => {
    const page = await list('pageSize=2&page=1&order=asc');
    expect(page.body.total).toBe(4);
    expect(page.body.audit.map((r) => r.action)).toEqual(['auth.sign_out', 'permission.denied']);
  });

  it('filters by actor, action (several, and a prefix), subject, outcome and date range', async () => {
    const actions = async (query: string) => (await list(query)).body.audit.map((r) => r.action);
    expect(await actions(`actorUserId=${actor.id}`)).toEqual(['company.update']);
    expect(await actions('actor=hopper')).toEqual(['company.update']);
    expect(await actions('actor=GHOST@')).toEqual(['auth.sign_in']);
    expect(await actions('action=company.update&action=permission.denied')).toEqual([
      'permission.denied',
      'company.update',
    ]);
    expect(await actions('action=company.update,auth.sign_in')).toEqual(['auth.sign_in', 'company.update']);
    expect(await actions('action=auth.*')).toEqual(['auth.sign_out', 'auth.sign_in']);
    expect(await actions(`subjectId=${subjectId}`)).toEqual(['company.update']);
    expect(await actions('outcome=failure')).toEqual(['auth.sign_in']);
    // A bare `to` date takes in its whole day; a date-time is exact.
    expect(await actions('from=2026-03-02&to=2026-03-04')).toEqual([
      'permission.denied',
      'auth.sign_out',
      'auth.sign_in',
    ]);
    expect(await actions('from=2026-03-02T10:00:01Z&to=2026-03-04T23:58:00%2B00:00')).toEqual(['auth.sign_out']);
    expect(await actions('q=sign')).toEqual(['auth.sign_out', 'auth.sign_in']);
  });

  it('refuses bad filters with field errors', async () => {
    const bad = async (query: string) => admin.get<ProblemBody>(`/api/history/audit?${query}`);
    const date = await bad('from=2026-02-30');
    expect(date.status).toBe(400);
    expect(date.body.errors?.from?.[0]).toMatch(/date/);
    expect((await bad('to=yesterday')).body.errors).toHaveProperty('to');
    const outcome = await bad('outcome=maybe');
    expect(outcome.status).toBe(400);
    expect(outcome.body.errors).toEqual({ outcome: ['Choose success, failure or denied'] });
    const range = await bad('from=2026-03-05&to=2026-03-01');
    expect(range.body.errors).toEqual({ to: ['End the range after it starts'] });
    expect((await bad('actorUserId=42')).body.errors).toHaveProperty('actorUserId');
    expect((await bad('action=drop%20table')).status).toBe(400);
    expect((await bad('sort=ip')).status).toBe(400);
    const exportBad = await admin.get<ProblemBody>('/api/history/audit/export.csv?outcome=maybe');
    expect(exportBad.status).toBe(400);
  });

  it('lets only admins and superadmins read it; reading is not audited', async () => {
    const superadmin = jsonClient(t, (await signInAs(t, 'ROLE_SUPERADMIN')).cookie);
    expect((await superadmin.get('/api/history/audit')).status).toBe(200);
    for (const role of ['ROLE_STAFF', 'ROLE_AGENT'] as const) {
      const client = jsonClient(t, (await signInAs(t, role)).cookie);
      expect((await client.get('/api/history/audit')).status).toBe(403);
      expect((await client.get('/api/history/audit/export.csv')).status).toBe(403);
    }
    expect((await jsonClient(t).get('/api/history/audit')).status).toBe(401);

    const mine = () => t.db.select().from(auditLog).where(eq(auditLog.actorUserId, adminUser.id));
    const before = (await mine()).length;
    await list('');
    expect((await mine()).length).toBe(before);
  });

  it('exports CSV with the filters, escaped and safe from formula injection, and audits the export', async () => {
    const csvSubject = `${subjectType}-csv`;
    await t.db.insert(auditLog).values([
      {
        at: new Date('2026-04-01T00:00:00Z'),
        action: 'auth.sign_in',
        outcome: 'failure',
        subjectType: csvSubject,
        actorLabel: '=HYPERLINK("http://evil.example","x")',
        subjectId: 'a "quoted", two-line\r\nvalue',
        changes: { note: { from: '+1', to: '@SUM(A1)' } },
      },
      {
        at: new Date('2026-04-02T00:00:00Z'),
        action: 'auth.sign_in',
        outcome: 'failure',
        subjectType: csvSubject,
        actorLabel: '-2+3',
        subjectId: '\tTabbed',
      },
    ]);
    const res = await t.app.request(`/api/history/audit/export.csv?subjectType=${csvSubject}&order=asc`, {
      headers: { cookie: adminCookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(res.headers.get('x-export-truncated')).toBe('false');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // The byte-order mark tells a spreadsheet the file is UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, first, second, ...rest] = parseCsv(new TextDecoder().decode(bytes));
    expect(rest).toEqual([]);
    expect(header).toEqual([
      'at',
      'actor',
      'actor_email',
      'actor_user_id',
      'actor_token_id',
      'action',
      'subject_type',
      'subject_id',
      'subject_name',
      'outcome',
      'ip',
      'changes',
    ]);
    const cell = (row: string[] | undefined, name: string) => row?.[header!.indexOf(name)];
    expect(cell(first, 'at')).toBe('2026-04-01T00:00:00.000Z');
    expect(cell(first, 'actor')).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(cell(first, 'subject_id')).toBe('a "quoted", two-line\r\nvalue');
    expect(JSON.parse(cell(first, 'changes')!)).toEqual({ note: { from: '+1', to: '@SUM(A1)' } });
    expect(cell(second, 'actor')).toBe(`'-2+3`);
    expect(cell(second, 'subject_id')).toBe(`'\tTabbed`);
    expect(cell(second, 'changes')).toBe('');

    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'audit.export'), eq(auditLog.actorUserId, adminUser.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      outcome: 'success',
      subjectType: 'audit',
      changes: { filters: { subjectType: csvSubject }, order: 'asc', rows: 2, truncated: false },
    });
  });

  it('walks a large export in keyset batches without losing or repeating rows that share an instant', async () => {
    const batchSubject = `${subjectType}-batch`;
    const at = new Date('2026-05-01T00:00:00.123Z');
    // Microseconds a JS Date cannot hold: the cursor must keep them.
    await t.db.execute(
      `insert into audit_log (id, at, action, outcome, subject_type)
       select gen_random_uuid(), timestamptz '2026-05-01 00:00:00.123456+00' + (i % 3) * interval '1 microsecond',
              'x.' || i, 'success', '${batchSubject}'
       from generate_series(1, 7) as i`,
    );
    await insert({ at, action: 'x.same-ms', subjectType: batchSubject });
    const seen: string[] = [];
    for await (const batch of auditBatches(
      t.db,
      { subjectType: batchSubject },
      { order: 'desc', limit: 100, batchSize: 3 },
    )) {
      seen.push(...batch.map((r) => r.id));
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    const capped: string[] = [];
    for await (const batch of auditBatches(
      t.db,
      { subjectType: batchSubject },
      { order: 'asc', limit: 5, batchSize: 2 },
    )) {
      capped.push(...batch.map((r) => r.id));
    }
    expect(capped).toHaveLength(5);
  });
});
