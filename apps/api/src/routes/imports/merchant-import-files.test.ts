import type { MerchantImport } from '@boardwalk/shared';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { base64, csvOf, understateSizes, xlsxOf } from '../../test/import-files.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { merchantTableCounts, useMerchantContext } from '../../test/merchant-record-context.ts';
import { queryRows } from '../../test/merchant-record-context.ts';
import { signInAs } from '../../test/sign-in.ts';
import { sql } from 'drizzle-orm';

/** Hostile and awkward files: each gets a clear 400 on `content` and changes nothing. */
describe('merchant import files', () => {
  const ctx = useMerchantContext();
  let admin: JsonClient;
  let cookie: string;

  const upload = (content: string | Uint8Array, fileName = 'merchants.csv') =>
    admin.post<MerchantImport & ProblemBody>('/api/merchant-imports', { fileName, content: base64(content) });
  const importCount = async () =>
    (await queryRows<{ n: number }>(ctx.t, sql`select count(*)::int as n from merchant_imports`))[0]!.n;

  const refused = async (content: string | Uint8Array, message: RegExp) => {
    const before = { ...(await merchantTableCounts(ctx.t)), imports: await importCount() };
    const res = await upload(content);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors?.content?.[0]).toMatch(message);
    expect({ ...(await merchantTableCounts(ctx.t)), imports: await importCount() }).toEqual(before);
  };

  beforeAll(async () => {
    cookie = (await signInAs(ctx.t, 'ROLE_ADMIN')).cookie;
    admin = jsonClient(ctx.t, cookie);
  });

  it('reads an XLSX workbook: shared strings, numbers, and a formula as its text, never its result', async () => {
    const res = await upload(
      xlsxOf([
        ['DBA name', 'Monthly volume', 'City'],
        ['Pier Books', '1500', '=1+1'],
        ['Gull Cafe', '20', 'Salem'],
      ]),
      'm.xlsx',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ format: 'xlsx', rowCount: 2, header: ['DBA name', 'Monthly volume', 'City'] });
    expect(res.body.sample[0]).toEqual(['Pier Books', '1500', '=1+1']);
    expect(res.body.mapping).toEqual({ '0': 'dbaName', '1': 'monthlyVolume', '2': 'city' });
  });

  it('keeps a CSV cell that starts with = + - @ as text', async () => {
    const res = await upload(
      csvOf([
        ['Name', 'City'],
        ['=HYPERLINK("http://x","y")', '@SUM(A1)'],
        ['+1', '-2'],
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body.sample).toEqual([
      ['=HYPERLINK("http://x","y")', '@SUM(A1)'],
      ['+1', '-2'],
    ]);
  });

  it('reads UTF-16 with its byte order mark, and refuses other text that is not UTF-8', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name\r\nCafé Rü\r\n', 'utf16le')]);
    const res = await upload(utf16);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.sample).toEqual([['Café Rü']]);
    await refused(Buffer.from('Name\r\nCaf\xe9 Ru\r\n', 'latin1'), /not UTF-8 text/);
  });

  it('refuses a huge cell, a million columns, and more cells than the header', async () => {
    await refused(`Name\r\n${'x'.repeat(50_000)}\r\n`, /longer than 10,000 characters/);
    await refused(`${'a,'.repeat(1_000_000)}a\r\nx\r\n`, /more than 200 columns/);
    await refused('Name\r\nA,B\r\n', /Line 2 has more cells than the header/);
  });

  // A 100 MB part deflates to ~100 KB; making and refusing it is CPU work, slow on a loaded machine.
  it('refuses a zip bomb posing as XLSX, by its declared sizes and by counting when they lie', async () => {
    const bomb = xlsxOf([['Name'], ['A']], { 'xl/worksheets/sheet1.xml': new Uint8Array(100 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refused(bomb, /zip bomb/);
    // The same bomb declaring 1,000 bytes: the running count stops it, not the declaration.
    await refused(understateSizes(bomb), /zip bomb/);
  }, 180_000);

  it('refuses a workbook claiming a huge column, a zip that is no workbook, and an old .xls', async () => {
    const wide = zipSync({
      'xl/workbook.xml': strToU8('<workbook><sheets><sheet r:id="rId1" xmlns:r="r"/></sheets></workbook>'),
      'xl/worksheets/sheet1.xml': strToU8(
        '<worksheet><sheetData><row><c r="AZZ1"><v>1</v></c></row></sheetData></worksheet>',
      ),
    });
    await refused(wide, /more than 200 columns/);
    await refused(zipSync({ 'a.txt': strToU8('hello') }), /not an Excel workbook/);
    await refused(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0]), /Old Excel files/);
  });

  it('refuses a body over the limit before reading it (413)', async () => {
    const res = await ctx.t.app.request('/api/merchant-imports', {
      method: 'POST',
      headers: {
        origin: 'http://localhost',
        cookie,
        'content-type': 'application/json',
        'content-length': String(200 * 1024 * 1024),
      },
      body: JSON.stringify({ fileName: 'a.csv', content: base64('Name\r\nA') }),
    });
    expect(res.status).toBe(413);
  });
});
