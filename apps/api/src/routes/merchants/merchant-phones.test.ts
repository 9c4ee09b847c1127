import type { Agent, Company, MerchantDetail, Owner, SearchResult } from '@boardwalk/shared';
import type { User } from '@boardwalk/shared/schemas/user';
import { describe, expect, it } from 'vitest';
import { useMerchantContext } from '../../test/merchant-record-context.ts';
import { createUser } from '../../test/sign-in.ts';
import { createTestMerchant } from '../../test/merchant-fixtures.ts';

/**
 * Decision 083: phone numbers are stored in E.164 however they are typed, and search (the top
 * bar and a list's q) finds them in any format and by their last 4 or more digits.
 */
describe('phone numbers are found however they are typed', () => {
  const ctx = useMerchantContext();
  const FORMATS = ['(503) 555-0142', '503-555-0142', '5035550142', '503.555.0142', '+1 503 555 0142', '1-503-555-0142'];

  const searchIds = async (q: string) =>
    (await ctx.staff.get<{ data: SearchResult[] }>(`/api/search?q=${encodeURIComponent(q)}`)).body.data.map(
      (r) => r.id,
    );
  const listIds = async (q: string) =>
    (
      await ctx.staff.get<{ merchants: { id: string }[] }>(`/api/merchants?q=${encodeURIComponent(q)}`)
    ).body.merchants.map((r) => r.id);

  it('stores a merchant’s number in E.164 and finds it by any format and by its last digits', async () => {
    const res = await ctx.staff.post<MerchantDetail>('/api/merchants', {
      data: { dbaName: 'Rose City Coffee', contactPhone: '(503) 555-0142' },
    });
    expect(res.status).toBe(201);
    expect(res.body.contactPhone).toBe('+15035550142');
    const id = res.body.id;
    await ctx.staff.post('/api/merchants', { data: { dbaName: 'Other Number', contactPhone: '(971) 555-0199' } });

    for (const q of [...FORMATS, '0142', '555-0142', '5550142']) {
      expect(await searchIds(q), `search ${q}`).toEqual([id]);
      expect(await listIds(q), `list ${q}`).toEqual([id]);
    }
    expect(await searchIds('0143')).toEqual([]);

    const patched = await ctx.staff.patch<MerchantDetail>(`/api/merchants/${id}`, {
      contactPhone: '971 555 0100',
      updatedAt: res.body.updatedAt,
    });
    expect(patched.body.contactPhone).toBe('+19715550100');
  });

  it('keeps a number it cannot read as typed, and still finds it by its last digits', async () => {
    const res = await ctx.staff.post<MerchantDetail>('/api/merchants', {
      data: { dbaName: 'Short Number Shop', contactPhone: ' 555-0177 ' },
    });
    expect(res.body.contactPhone).toBe('555-0177');
    // A number stored before numbers were normalised, with its punctuation.
    const legacy = await createTestMerchant(ctx.t.db, { dbaName: 'Legacy Number', contactPhone: '(212) 555-0123 ' });
    expect(await searchIds('5550177')).toEqual([res.body.id]);
    expect(await searchIds('0123')).toEqual([legacy.id]);
    expect(await listIds('212-555-0123')).toEqual([legacy.id]);
  });

  it('normalises owner, agent, company and user phones; agent and company lists find them in any format', async () => {
    const merchant = await ctx.staff.post<MerchantDetail>('/api/merchants', { data: { dbaName: 'Owner Phones' } });
    const owner = await ctx.staff.post<Owner>(`/api/merchants/${merchant.body.id}/owners`, {
      data: { firstName: 'Ana', lastName: 'Lima', phone: '415.555.0101' },
    });
    expect(owner.body.phone).toBe('+14155550101');
    const ownerUpdate = await ctx.staff.patch<Owner>(`/api/merchants/${merchant.body.id}/owners/${owner.body.id}`, {
      phone: '(415) 555-0102',
      updatedAt: owner.body.updatedAt,
    });
    expect(ownerUpdate.body.phone).toBe('+14155550102');

    const company = await ctx.staff.post<Company>('/api/companies', {
      data: { name: 'Phone Co', type: 'partner_iso', contactPhone: '(312) 555-0104' },
    });
    expect(company.body.contactPhone).toBe('+13125550104');
    const agent = await ctx.staff.post<Agent>('/api/agents', {
      data: { name: 'Phone Agent', agentCode: 'PHONE-1', phone: '312-555-0105' },
    });
    expect(agent.body.phone).toBe('+13125550105');
    const agentUpdate = await ctx.staff.patch<Agent>(`/api/agents/${agent.body.id}`, {
      phone: '312 555 0106',
      updatedAt: agent.body.updatedAt,
    });
    expect(agentUpdate.body.phone).toBe('+13125550106');
    const companies = await ctx.staff.get<{ companies: Company[] }>('/api/companies?q=312-555-0104');
    expect(companies.body.companies.map((c) => c.id)).toEqual([company.body.id]);
    const agents = await ctx.staff.get<{ agentAccounts: Agent[] }>(
      `/api/agents?q=${encodeURIComponent('(312) 555-0106')}`,
    );
    expect(agents.body.agentAccounts.map((a) => a.id)).toEqual([agent.body.id]);

    const user = await createUser(ctx.t.db, { firstName: 'Phone', lastName: 'User' });
    const userUpdate = await ctx.staff.patch<User>(`/api/users/${user.id}`, {
      phone: '(646) 555-0102',
      updatedAt: user.updatedAt.toISOString(),
    });
    expect(userUpdate.status).toBe(200);
    expect(userUpdate.body.phone).toBe('+16465550102');
  });
});
