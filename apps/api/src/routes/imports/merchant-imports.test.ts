import type { MerchantDetail, MerchantImport, MerchantImportDryRun, MerchantImportMapping } from '@boardwalk/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, merchantEvents, merchants } from '../../db/schema/merchants.ts';
import { base64, csvOf } from '../../test/import-files.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import {
  auditRows,
  createMerchant,
  merchantTableCounts,
  queryRows,
  useMerchantContext,
} from '../../test/merchant-record-context.ts';
import { signInAs } from '../../test/sign-in.ts';

const HEADER = ['CRM id', 'DBA', 'Legal name', 'EIN', 'Routing', 'Account', 'Phone', 'Monthly volume'];
const MAPPING: MerchantImportMapping = {
  '0': 'externalId',
  '1': 'dbaName',
  '2': 'legalName',
  '3': 'taxId',
  '4': 'routingNumber',
  '5': 'accountNumber',
  '6': 'contactPhone',
  '7': 'monthlyVolume',
};

describe('merchant imports', () => {
  const ctx = useMerchantContext();
  let admin: JsonClient;
  let cookie: string;

  const upload = async (rows: string[][]) => {
    const res = await admin.post<MerchantImport & ProblemBody>('/api/merchant-imports', {
      fileName: 'crm.csv',
      content: base64(csvOf([HEADER, ...rows])),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const dryRun = (id: string, mapping = MAPPING) =>
    admin.post<MerchantImportDryRun & ProblemBody>(`/api/merchant-imports/${id}/dry-run`, { mapping });
  const confirm = (id: string, more: Record<string, unknown> = {}) =>
    admin.post<MerchantImport & ProblemBody>(`/api/merchant-imports/${id}/confirm`, { mapping: MAPPING, ...more });
  const merchantByName = async (dbaName: string) =>
    (await ctx.t.db.select().from(merchants).where(eq(merchants.dbaName, dbaName)))[0];

  beforeAll(async () => {
    cookie = (await signInAs(ctx.t, 'ROLE_ADMIN')).cookie;
    admin = jsonClient(ctx.t, cookie);
  });

  it('lets only administrators import', async () => {
    const res = await ctx.staff.post('/api/merchant-imports', { fileName: 'a.csv', content: base64('Name\r\nA') });
    expect(res.status).toBe(403);
  });

  it('guesses the mapping from the headers, and a dry run answers errors, duplicates and actions, writing nothing', async () => {
    const existing = await createMerchant(ctx, { dbaName: 'Harbor Deli', taxId: '12-3456789' });
    const file = await upload([
      ['A-1', 'Lighthouse Bakery', 'Lighthouse LLC', '98-7654321', '021000021', '123456789', '555 201 0101', '$12,500'],
      ['A-2', 'Harbor Deli Two', '', '123456789', '', '', '', ''],
      ['A-3', '', 'No Name Inc', 'abc', '', '', '', 'lots'],
    ]);
    expect(file.mapping).toMatchObject({ '1': 'dbaName', '2': 'legalName', '3': 'taxId', '6': 'contactPhone' });
    const before = await merchantTableCounts(ctx.t);
    const res = await dryRun(file.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 3, create: 2, update: 0, errors: 1, withDuplicates: 1 });
    const [bad, duplicate] = res.body.rows;
    expect(bad).toMatchObject({ line: 4, action: 'error' });
    // The messages of POST /api/merchants: the same shared schema.
    expect(bad!.errors).toMatchObject({
      dbaName: ['Enter the DBA name'],
      taxId: ['Enter the 9-digit tax id'],
      monthlyVolume: ['Enter the monthly volume as a number'],
    });
    expect(duplicate).toMatchObject({ line: 3, action: 'create', dbaName: 'Harbor Deli Two' });
    expect(duplicate!.duplicates).toEqual([expect.objectContaining({ id: existing.id, reasons: ['taxId'] })]);
    expect(await merchantTableCounts(ctx.t)).toEqual(before);
  });

  it('imports nothing from a file with a bad row, unless skipping is chosen; then offers the skipped rows as CSV', async () => {
    const file = await upload([
      ['B-1', 'Good Goods', '', '', '', '', '', ''],
      ['B-2', '=CMD|"/c calc"!A1', '', '12', '', '', '', ''],
    ]);
    const before = await merchantTableCounts(ctx.t);
    const refused = await confirm(file.id);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.rows?.[0]).toMatch(
      /1 row cannot be imported \(first: line 3, Enter the 9-digit tax id\)/,
    );
    expect(await merchantTableCounts(ctx.t)).toEqual(before);

    const done = await confirm(file.id, { skipBadRows: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ state: 'done', done: 2, created: 1, updated: 0, skippedCount: 1 });
    expect(await merchantByName('Good Goods')).toBeDefined();
    const csv = await ctx.t.app.request(`/api/merchant-imports/${file.id}/skipped.csv`, {
      headers: { origin: 'http://localhost', cookie },
    });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('Line,Errors,CRM id,DBA');
    // The formula is written the way the merchant export writes one: behind a quote.
    expect(text).toContain(`3,taxId: Enter the 9-digit tax id,B-2,"'=CMD|""/c calc""!A1"`);
    expect((await confirm(file.id, { skipBadRows: true })).status).toBe(409);
  });

  it('creates through the rules of the API: sealed values, timeline, quiet domain events, audit', async () => {
    const file = await upload([
      ['C-1', 'Sealed Shop', 'Sealed LLC', '11-1111111', '021000021', '9876543210', '', '1,000'],
    ]);
    const res = await confirm(file.id);
    expect(res.body).toMatchObject({ state: 'done', created: 1 });
    const row = (await merchantByName('Sealed Shop'))!;
    expect(row).toMatchObject({
      taxIdLast4: '1111',
      accountNumberLast4: '3210',
      monthlyVolume: 1000,
      legalName: 'Sealed LLC',
    });
    expect(row.taxIdEnc).not.toContain('111111111');
    expect(row.taxIdFingerprint).toBeTruthy();
    const detail = await ctx.staff.get<MerchantDetail>(`/api/merchants/${row.id}`);
    expect(detail.body.taxId).toBe('•••••1111');
    const events = await ctx.t.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, row.id));
    expect(events.map((e) => e.type)).toEqual(['created']);
    const [domainEvent] = await ctx.t.db.select().from(domainEvents).where(eq(domainEvents.subjectId, row.id));
    // Quiet by default: recorded, and already handled, so no automation runs for it.
    expect(domainEvent).toMatchObject({ type: 'merchant.created', processedAt: expect.any(Date) });
    const [audit] = await auditRows(ctx.t, 'merchant.create', row.id);
    expect(audit?.changes).toMatchObject({
      taxId: '***',
      dbaName: { from: null, to: 'Sealed Shop' },
    });
  });

  it('lets automations see the events when the import is not quiet', async () => {
    const file = await upload([['D-1', 'Loud Shop', '', '', '', '', '', '']]);
    await confirm(file.id, { quietAutomations: false });
    const row = (await merchantByName('Loud Shop'))!;
    const [domainEvent] = await ctx.t.db.select().from(domainEvents).where(eq(domainEvents.subjectId, row.id));
    expect(domainEvent?.processedAt).toBeNull();
  });

  it('updates on a second run by external id instead of duplicating, and remembers the mapping', async () => {
    const first = await upload([['E-1', 'Twice Shop', 'Old Legal', '', '', '', '', '']]);
    await confirm(first.id);
    const id = (await merchantByName('Twice Shop'))!.id;
    const second = await upload([
      ['E-1', 'Twice Shop', 'New Legal', '', '', '', '', ''],
      ['E-2', 'Third Shop', '', '', '', '', '', ''],
    ]);
    // The headers this user mapped are mapped the same way again.
    expect(second.mapping).toEqual(MAPPING);
    const plan = await dryRun(second.id);
    expect(plan.body).toMatchObject({ create: 1, update: 1 });
    const res = await confirm(second.id);
    expect(res.body).toMatchObject({ state: 'done', created: 1, updated: 1 });
    const rows = await queryRows<{ n: number }>(
      ctx.t,
      sql`select count(*)::int as n from merchants where dba_name = 'Twice Shop'`,
    );
    expect(rows[0]!.n).toBe(1);
    expect((await merchantByName('Twice Shop'))!.legalName).toBe('New Legal');
    const events = await ctx.t.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, id));
    expect(events.map((e) => e.type).sort()).toEqual(['created', 'updated']);
    expect((await auditRows(ctx.t, 'merchant.update', id))[0]?.changes).toMatchObject({
      legalName: { from: 'Old Legal', to: 'New Legal' },
    });
    const third = await upload([['E-1', 'Twice Shop', 'New Legal', '', '', '', '', '']]);
    // The dry run says what the run will count: a row that changes nothing is "unchanged".
    expect((await dryRun(third.id)).body).toMatchObject({ create: 0, update: 0, unchanged: 1 });
    expect((await confirm(third.id)).body).toMatchObject({ state: 'done', unchanged: 1, created: 0, updated: 0 });
  });

  it("adds the words of a batch's names to the search dictionary, and of a name an update changes", async () => {
    const words = async () =>
      (
        await queryRows<{ word: string }>(
          ctx.t,
          sql`select word from merchant_search_words where word in ('quokkaberry', 'wombatine', 'xylotrope', 'zanderfell') order by word`,
        )
      ).map((r) => r.word);
    const first = await upload([
      ['W-1', 'Quokkaberry Bakery', '', '', '', '', '', ''],
      ['W-2', 'Wombatine Florist', 'Xylotrope LLC', '', '', '', '', ''],
    ]);
    expect((await confirm(first.id)).body).toMatchObject({ state: 'done', created: 2 });
    expect(await words()).toEqual(['quokkaberry', 'wombatine', 'xylotrope']);
    const second = await upload([['W-1', 'Quokkaberry Bakery', 'Zanderfell Holdings', '', '', '', '', '']]);
    expect((await confirm(second.id)).body).toMatchObject({ state: 'done', updated: 1 });
    expect(await words()).toEqual(['quokkaberry', 'wombatine', 'xylotrope', 'zanderfell']);
  });

  it('refuses an external id twice in one file', async () => {
    const file = await upload([
      ['F-1', 'One', '', '', '', '', '', ''],
      ['F-1', 'Two', '', '', '', '', '', ''],
    ]);
    const res = await dryRun(file.id);
    // The refused row keeps its DBA name as the file has it, so the user can find it there.
    expect(res.body.rows[0]).toMatchObject({
      line: 3,
      action: 'error',
      dbaName: 'Two',
      errors: { externalId: ['This external id is on line 2 already'] },
    });
  });

  it('answers 400 to a mapping without the DBA name or with a field twice', async () => {
    const file = await upload([['G-1', 'One', '', '', '', '', '', '']]);
    expect((await dryRun(file.id, { '0': 'externalId' })).status).toBe(400);
    expect((await dryRun(file.id, { '1': 'dbaName', '2': 'dbaName' })).status).toBe(400);
  });
});
