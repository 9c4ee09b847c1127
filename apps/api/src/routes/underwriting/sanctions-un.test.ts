import { SANCTIONS_IMPORT_MAX_BYTES, type SanctionsListVersion, type ScreeningHitList } from '@boardwalk/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { createMerchant, queryRows, useMerchantContext } from '../../test/merchant-record-context.ts';
import { entriesCsv } from '../../test/sanctions-fixture.ts';
import { unListXml } from '../../test/sanctions-un-fixture.ts';
import { signInAs } from '../../test/sign-in.ts';

const LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE CONSOLIDATED_LIST [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>&lol3;</FIRST_NAME></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>`;
const EXTERNAL = `<?xml version="1.0"?>
<!DOCTYPE CONSOLIDATED_LIST [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>&xxe;</FIRST_NAME></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>`;

describe('the UN consolidated list (XML) as an import source', () => {
  const ctx = useMerchantContext();
  let admin: JsonClient;

  const importUn = (body: Record<string, string>) =>
    admin.post<SanctionsListVersion & ProblemBody>('/api/sanctions-lists', { source: 'un_consolidated', ...body });
  const storedRows = async () =>
    (
      await queryRows<{ lists: number; entries: number }>(
        ctx.t,
        sql`select (select count(*)::int from sanctions_lists) as lists, (select count(*)::int from sanctions_entries) as entries`,
      )
    )[0]!;

  beforeAll(async () => {
    admin = jsonClient(ctx.t, (await signInAs(ctx.t, 'ROLE_ADMIN')).cookie);
  });

  it('refuses hostile or foreign files with a 400 on the file and stores nothing', async () => {
    const before = await storedRows();
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ entries: LAUGHS }, 'entries', /DOCTYPE/],
      [{ entries: EXTERNAL }, 'entries', /DOCTYPE/],
      [{ entries: '<?xml version="1.0"?><feed><entry/></feed>' }, 'entries', /root element is <feed>/],
      [{ entries: unListXml().replace('</INDIVIDUALS>', '') }, 'entries', /not well-formed XML \(line \d+\)/],
      [{ entries: unListXml().replace('QUILLON', 'QUIL\u0000LON') }, 'entries', /invalid characters/],
      [{ entries: entriesCsv() }, 'entries', /not an XML file/],
      [{ entries: unListXml(), addresses: 'x' }, 'addresses', /one XML file/],
      // Just past the file cap but inside the route's body limit: zod's field error.
      [{ entries: unListXml() + ' '.repeat(SANCTIONS_IMPORT_MAX_BYTES) }, 'entries', /at most/],
    ];
    for (const [body, field, why] of cases) {
      const res = await importUn(body);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
      expect(res.body.errors?.[field]?.[0]).toMatch(why);
    }
    // The XML under one of the Treasury's sources: the import says which source it is.
    const wrongSource = await admin.post<ProblemBody>('/api/sanctions-lists', {
      source: 'ofac_sdn',
      entries: unListXml(),
    });
    expect(wrongSource.status).toBe(400);
    expect(wrongSource.body.errors?.entries?.[0]).toMatch(/choose the UN list/);
    expect(await storedRows()).toEqual(before);
  });

  it('imports the XML as a version beside the CSV lists and screens owners against its aliases', async () => {
    const csv = await admin.post<SanctionsListVersion>('/api/sanctions-lists', {
      source: 'ofac_sdn',
      entries: entriesCsv(),
    });
    expect(csv.status).toBe(201);
    const m = await createMerchant(ctx, { dbaName: 'Pelleworth Stationery' });
    const owner = await ctx.staff.post(`/api/merchants/${m.id}/owners`, {
      data: { firstName: 'Ostrander', lastName: 'Pelleworth', ownershipPercent: 60, dateOfBirth: '1961-06-01' },
    });
    expect(owner.status, JSON.stringify(owner.body)).toBe(201);

    const res = await importUn({ entries: unListXml() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      source: 'un_consolidated',
      rowCount: 3,
      aliasCount: 3,
      addressCount: 2,
      active: true,
      run: { state: 'done' },
    });
    expect(res.body.fileHash).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.importedBy?.name).toBeTruthy();

    const hits = (await ctx.staff.get<ScreeningHitList>(`/api/merchants/${m.id}/matches`)).body.hits;
    const hit = hits.find((h) => h.sanctionsEntry?.listId === res.body.id);
    expect(hit).toMatchObject({ matchedKind: 'sanctions_owner', state: 'open' });
    expect(hit!.sanctionsEntry).toMatchObject({
      source: 'un_consolidated',
      entNum: 7001,
      matchedName: 'Ostrander Pelleworth',
      programs: 'FICTIONIA',
    });

    // A second UN import is a new version; the first stays readable, the CSV list stays active.
    const again = await importUn({ entries: unListXml().replace('MARISOL', 'MARISELLA') });
    expect(again.status).toBe(201);
    const versions = (await admin.get<{ versions: SanctionsListVersion[] }>('/api/sanctions-lists')).body.versions;
    expect(versions.map((v) => [v.source, v.active])).toEqual([
      ['un_consolidated', true],
      ['un_consolidated', false],
      ['ofac_sdn', true],
    ]);
    const old = await admin.get<{ entries: { name: string; birthDates: string[] }[] }>(
      `/api/sanctions-lists/${res.body.id}`,
    );
    expect(old.body.entries.map((e) => e.name)).toEqual([
      'QUILLON VARDAMERE',
      'MARISOL TREVANION',
      'GRANITE LANTERN SHIPPING',
    ]);
  });
});
