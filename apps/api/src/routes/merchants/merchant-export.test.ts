import { MERCHANT_CSV_HEADER } from '../../domain/merchants/list/merchant-export.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient } from '../../test/json-client.ts';
import { signInAs, type TestUser } from '../../test/sign-in.ts';
import { merchantBatches } from '../../domain/merchants/list/merchant-list.service.ts';
import { createTestMerchant, createTestStage, type TestStage } from '../../test/merchant-fixtures.ts';

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

/** The CSV as rows of { column: cell }, the byte-order mark dropped. */
function records(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

describe('merchant CSV export', () => {
  let t: TestApp;
  let cookie: string;
  let user: TestUser;
  let sales: TestStage;
  let dead: TestStage;

  const exportCsv = (query: string) => t.app.request(`/api/merchants/export.csv?${query}`, { headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-22T10:00:00Z') });
    ({ user, cookie } = await signInAs(t, 'ROLE_STAFF'));
    sales = await createTestStage(t.db, { name: 'Lead', pipeline: 'sales' });
    dead = await createTestStage(t.db, { name: 'Dead', pipeline: 'dead' });
    await createTestMerchant(t.db, {
      dbaName: 'Comma, "Quoted"\nand a new line',
      legalName: '=HYPERLINK("http://evil.example","click")',
      contactFirstName: '+SUM(A1:A2)',
      contactLastName: '-2+3',
      contactEmail: '@evil',
      city: '\tTabbed',
      region: '\rReturn',
      taxId: '123456789',
      routingNumber: '021000021',
      accountNumber: '987654321012',
      stageId: sales.id,
      assignedUserId: user.id,
      createdAt: new Date('2026-03-01T00:00:00Z'),
    });
    await createTestMerchant(t.db, { dbaName: 'Plain Dead Merchant', stageId: dead.id });
    await createTestMerchant(t.db, {
      dbaName: 'Gone Merchant',
      stageId: sales.id,
      deletedAt: new Date('2026-05-01T00:00:00Z'),
    });
  });
  afterAll(() => t.close());

  it('downloads the view as a CSV attachment named after the view and the day, with a header row', async () => {
    const res = await exportCsv('view=sales');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="merchants-sales-2026-11-22.csv"');
    expect(res.headers.get('x-total-count')).toBe('1');
    expect(res.headers.get('x-export-truncated')).toBe('false');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A UTF-8 byte-order mark first (Response.text() would drop it), so spreadsheets read UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header] = parseCsv(new TextDecoder().decode(bytes));
    expect(header).toEqual(MERCHANT_CSV_HEADER);
    expect(header).toEqual(expect.arrayContaining(['dba_name', 'stage', 'tax_id', 'account_number', 'created_at']));
  });

  it('quotes commas, quotes and line breaks, and neutralises cells a spreadsheet would run as a formula', async () => {
    const text = await (await exportCsv('view=sales')).text();
    const [row] = records(text);
    expect(row!.dba_name).toBe('Comma, "Quoted"\nand a new line');
    expect(text).toContain('"Comma, ""Quoted""\nand a new line"');
    expect(row!.legal_name).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(row!.contact_first_name).toBe("'+SUM(A1:A2)");
    expect(row!.contact_last_name).toBe("'-2+3");
    expect(row!.contact_email).toBe("'@evil");
    expect(row!.city).toBe("'\tTabbed");
    expect(row!.region).toBe("'\rReturn");
    expect(row!.stage).toBe('Lead');
    expect(row!.assignee).toBe(user.displayName);
  });

  it('masks the sensitive columns: the clear values never appear in the file', async () => {
    const text = await (await exportCsv('view=all')).text();
    const [row] = records(text).filter((r) => r.stage === 'Lead');
    expect(row!.tax_id).toBe('•••••6789');
    expect(row!.routing_number).toBe('•••••0021');
    expect(row!.account_number).toBe('•••••1012');
    for (const clear of ['123456789', '021000021', '987654321012']) expect(text).not.toContain(clear);
    const [stored] = await t.db.select().from(merchants).where(eq(merchants.stageId, sales.id));
    expect(text).not.toContain(stored!.taxIdEnc!);
  });

  it('applies the list filters: view, q, deleted', async () => {
    const dbaNames = async (query: string) => records(await (await exportCsv(query)).text()).map((r) => r.dba_name);
    expect(await dbaNames('view=dead')).toEqual(['Plain Dead Merchant']);
    expect(await dbaNames('view=all&q=plain')).toEqual(['Plain Dead Merchant']);
    expect(await dbaNames('view=sales&deleted=true')).toEqual(['Gone Merchant']);
    expect(await dbaNames('assignee=me')).toEqual(['Comma, "Quoted"\nand a new line']);
    expect(await dbaNames('view=operations')).toEqual([]);
  });

  it('audits the export (who, which filters, how many rows)', async () => {
    await (await exportCsv('view=dead&q=plain')).text();
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'merchant.export'), eq(auditLog.actorUserId, user.id)));
    expect(rows.at(-1)!.changes).toMatchObject({ filters: { view: 'dead', q: 'plain' }, rows: 1, truncated: false });
  });

  it('answers 400 for a bad view or filter, 403 for an agent', async () => {
    expect((await exportCsv('view=everything')).status).toBe(400);
    expect((await exportCsv('createdFrom=soon')).status).toBe(400);
    const agent = await signInAs(t, 'ROLE_AGENT');
    expect((await jsonClient(t, agent.cookie).get('/api/merchants/export.csv')).status).toBe(403);
  });

  it('streams: the header comes before any row is read, then one batch per read, newest first', async () => {
    const stage = await createTestStage(t.db, { pipeline: 'withdrawn' });
    const base = Date.parse('2025-01-01T00:00:00Z');
    await t.db.insert(merchants).values(
      Array.from({ length: 1200 }, (_, i) => ({
        id: `0190${String(i).padStart(4, '0')}-0000-7000-8000-000000000000`,
        dbaName: `Bulk ${i}`,
        stageId: stage.id,
        pipeline: 'withdrawn' as const,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const res = await exportCsv('view=withdrawn');
    expect(res.headers.get('x-total-count')).toBe('1200');
    expect(res.body).toBeInstanceOf(ReadableStream);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const lines = async () => {
      const chunk = await reader.read();
      return chunk.done ? null : parseCsv(decoder.decode(chunk.value, { stream: true }).replace(/^\uFEFF/, ''));
    };
    expect(await lines()).toEqual([MERCHANT_CSV_HEADER]);
    const first = (await lines())!;
    expect(first.length).toBe(500);
    expect(first[0]![1]).toBe('Bulk 1199');
    let total = first.length;
    for (let batch = await lines(); batch; batch = await lines()) total += batch.length;
    expect(total).toBe(1200);
  });

  it('stops at the row limit it is given', async () => {
    const caller = {
      actor: { type: 'user' as const, userId: user.id, role: 'ROLE_STAFF' as const, sessionId: '' },
      ip: null,
      now: new Date(),
    };
    const batches = merchantBatches(t.db, caller, { view: 'withdrawn' }, { limit: 5, batchSize: 2 });
    const sizes: number[] = [];
    for await (const batch of batches) sizes.push(batch.length);
    expect(sizes).toEqual([2, 2, 1]);
  });
});
