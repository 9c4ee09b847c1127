import type { SearchResult } from '@boardwalk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/merchants.ts';
import { stages } from '../../db/schema/stages.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { SEARCH_CANDIDATES } from '../../domain/merchants/search/merchant-search.service.ts';

type Search = { data: SearchResult[] };

describe('merchant search (GET /api/search)', () => {
  let t: TestApp;
  let staff: JsonClient;
  let agent: JsonClient;
  let stageId: string;

  beforeAll(async () => {
    t = await createTestApp();
    staff = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
    agent = jsonClient(t, (await signInAs(t, 'ROLE_AGENT')).cookie);
    const [stage] = await t.db
      .insert(stages)
      .values({ name: 'Search Stage', pipeline: 'sales', position: 90, color: '#123456' })
      .returning();
    stageId = stage!.id;
  });
  afterAll(() => t?.close());

  async function addMerchant(fields: Partial<typeof merchants.$inferInsert> & { dbaName: string }) {
    const [row] = await t.db
      .insert(merchants)
      .values({ stageId, pipeline: 'sales', ...fields })
      .returning({ id: merchants.id });
    return row!.id;
  }

  const search = (q: string) => staff.get<Search>(`/api/search?q=${encodeURIComponent(q)}`);
  const names = (res: { body: Search }) => res.body.data.map((r) => r.dbaName);

  it('ranks an exact match above a starts-with match above a typo', async () => {
    // Inserted worst first, so insertion order cannot explain the ranking.
    await addMerchant({ dbaName: 'Harbour Bistro' });
    await addMerchant({ dbaName: 'Harbor Bistro & Bar' });
    await addMerchant({ dbaName: 'Harbor Bistro' });
    const res = await search('harbor bistro');
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Harbor Bistro', 'Harbor Bistro & Bar', 'Harbour Bistro']);
  });

  it('tolerates typos and answers the shape the dialog links with', async () => {
    const id = await addMerchant({ dbaName: 'Acme Plumbing' });
    const res = await search('Acme Plumbng');
    expect(res.body.data).toEqual([
      { id, dbaName: 'Acme Plumbing', stage: { name: 'Search Stage' }, url: `/merchant/view/${id}` },
    ]);
  });

  it('matches the legal name, MID, contact name, email and phone', async () => {
    const byLegal = await addMerchant({ dbaName: 'Corner Shop One', legalName: 'Quetzal Holdings LLC' });
    const byMid = await addMerchant({ dbaName: 'Corner Shop Two', mid: '4445550001234' });
    const byContact = await addMerchant({
      dbaName: 'Corner Shop Three',
      contactFirstName: 'Bartholomew',
      contactLastName: 'Quincey',
    });
    const byEmail = await addMerchant({ dbaName: 'Corner Shop Four', contactEmail: 'owner@zanzibar-teas.example' });
    const byPhone = await addMerchant({ dbaName: 'Corner Shop Five', contactPhone: '(917) 555-0199' });
    const idsFor = async (q: string) => (await search(q)).body.data.map((r) => r.id);
    expect(await idsFor('quetzal holdings')).toEqual([byLegal]);
    expect(await idsFor('4445550001234')).toEqual([byMid]);
    expect(await idsFor('Bartholomew Quincey')).toEqual([byContact]);
    expect(await idsFor('bartholomew quincy')).toEqual([byContact]);
    expect(await idsFor('zanzibar-teas')).toEqual([byEmail]);
    expect(await idsFor('555-0199')).toEqual([byPhone]);
  });

  it('answers at most 10', async () => {
    for (let i = 0; i < 12; i += 1) await addMerchant({ dbaName: `Pelican Laundromat ${i}` });
    const res = await search('pelican laundromat');
    expect(res.body.data).toHaveLength(10);
    expect(names(res).every((n) => n.startsWith('Pelican Laundromat'))).toBe(true);
  });

  /** More merchants holding a word than one field hands the ranking (decision 045). */
  async function addMany(dbaName: (i: number) => string) {
    const count = SEARCH_CANDIDATES + 10;
    await t.db.insert(merchants).values(
      Array.from({ length: count }, (_, i) => ({
        stageId,
        pipeline: 'sales' as const,
        dbaName: dbaName(i),
      })),
    );
  }

  it('ranks an exact match, then whole-word starts-with matches, first among many', async () => {
    await addMany((i) => `Walrus Diner ${i}`);
    await addMerchant({ dbaName: 'Walrusian Grill' });
    const exact = await addMerchant({ dbaName: 'Walrus' });
    const res = await search('walrus');
    expect(res.body.data).toHaveLength(10);
    expect(res.body.data[0]!.id).toBe(exact);
    expect(
      names(res)
        .slice(1)
        .every((n) => n.startsWith('Walrus Diner')),
    ).toBe(true);
  });

  it('answers ten holders of a common word, and ten similar ones to its typo', async () => {
    await addMany((i) => `Blue Okapi Bakery ${i}`);
    await addMerchant({ dbaName: 'Okapy Store' });
    const holders = await search('okapi');
    expect(holders.body.data).toHaveLength(10);
    expect(names(holders).every((n) => n.startsWith('Blue Okapi Bakery'))).toBe(true);
    const typo = await search('blue okapu');
    expect(typo.body.data).toHaveLength(10);
    expect(names(typo).every((n) => n.startsWith('Blue Okapi Bakery'))).toBe(true);
  });

  it('finds the best holder of common words however many come before it (decision 095)', async () => {
    // More holders than a field once handed the ranking, inserted before the best one, so the
    // first ones an index finds are all worse: the exact words, and the words with one typo.
    await addMany((i) => `Zebra Quokka Tearoom ${i}`);
    const best = await addMerchant({ dbaName: 'Amber Quokka Tearoom' });
    expect((await search('quokka tearoom')).body.data[0]!.id).toBe(best);
    expect((await search('quokka tearoon')).body.data[0]!.id).toBe(best);
    expect((await search('qoukka tearoom')).body.data[0]!.id).toBe(best);
  }, 60_000);

  it('finds a name with two letters of a word swapped, which share few trigrams', async () => {
    const id = await addMerchant({ dbaName: 'Vexmoor Bistro' });
    expect((await search('vexmoor bsitro')).body.data.map((r) => r.id)).toContain(id);
  });

  it('looks for a number in phones and business names, not in contact emails (decision 095)', async () => {
    const named = await addMerchant({ dbaName: 'Studio 80417 Records' });
    await addMerchant({ dbaName: 'Mailbox Shop', contactEmail: 'desk.80417@numbers.example' });
    expect((await search('80417')).body.data.map((r) => r.id)).toEqual([named]);
  });

  it('leaves deleted merchants out', async () => {
    await addMerchant({ dbaName: 'Ghostly Gelato', deletedAt: new Date() });
    const live = await addMerchant({ dbaName: 'Ghostly Gelato Two' });
    expect((await search('ghostly gelato')).body.data.map((r) => r.id)).toEqual([live]);
  });

  it('takes LIKE wildcards in q literally', async () => {
    await addMerchant({ dbaName: 'Percent Deli' });
    const literal = await addMerchant({ dbaName: '100%_Juice' });
    const ids = async (q: string) => (await search(q)).body.data.map((r) => r.id);
    expect(await ids('0%_j')).toEqual([literal]);
    expect(await ids('100%')).toEqual([literal]);
    // As wildcards these would match every merchant.
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    expect(await ids('%_%')).toEqual([]);
  });

  it('finds what starts with a query of one or two characters', async () => {
    const id = await addMerchant({ dbaName: 'Qz Tiny Shop' });
    await addMerchant({ dbaName: 'Tiny Qz Shop' });
    expect((await search('qz')).body.data.map((r) => r.id)).toEqual([id]);
  });

  it('finds nothing for an empty or blank q', async () => {
    expect((await search('')).body).toEqual({ data: [] });
    expect((await search('   ')).body).toEqual({ data: [] });
    expect((await staff.get<Search>('/api/search')).body).toEqual({ data: [] });
  });

  it('is closed to agents and to anyone signed out', async () => {
    expect((await agent.get('/api/search?q=acme')).status).toBe(403);
    expect((await jsonClient(t).get('/api/search?q=acme')).status).toBe(401);
  });
});
