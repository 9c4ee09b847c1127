import { describe, expect, it } from 'vitest';
import type { Company } from '@boardwalk/shared';
import { crudContract, useCrudContext } from '../../test/crud-contract.ts';
import type { ProblemBody } from '../../test/json-client.ts';

describe('companies API', () => {
  const ctx = useCrudContext();

  crudContract(ctx, {
    path: '/api/companies',
    key: 'companies',
    subject: 'company',
    make: (tag, i) => ({
      name: `${'ABC'[i]} Processing ${tag}`,
      type: 'processor',
      contactEmail: `ops-${tag}@example.com`,
    }),
    invalid: { data: { name: 'Acme', type: 'bank' }, field: 'type' },
    change: { type: 'sponsor_bank', website: 'https://bank.example.com' },
    sort: 'name',
    filter: {
      query: 'type=partner_iso',
      override: { type: 'partner_iso' },
      matches: (row) => row.type === 'partner_iso',
    },
  });

  it('normalises a bare website and checks the contact email', async () => {
    const ok = await ctx.staff.post<Company>('/api/companies', {
      data: {
        name: 'Northwind ISO',
        type: 'partner_iso',
        website: 'northwind.example',
        contactEmail: ' Ops@Northwind.Example ',
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      website: 'https://northwind.example',
      contactEmail: 'ops@northwind.example',
      isActive: true,
    });
    const bad = await ctx.staff.post<ProblemBody>('/api/companies', {
      data: { name: 'Bad', type: 'other', contactEmail: 'not-an-email', website: 'ftp://x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      contactEmail: ['Enter a valid email address'],
      website: [expect.any(String)],
    });
  });

  it('filters by isActive together with type', async () => {
    await ctx.staff.post('/api/companies', { data: { name: 'Dormant Bank', type: 'sponsor_bank', isActive: false } });
    const res = await ctx.staff.get<{ companies: Company[] }>('/api/companies?type=sponsor_bank&isActive=false');
    expect(res.body.companies.length).toBeGreaterThan(0);
    expect(res.body.companies.every((c) => c.type === 'sponsor_bank' && !c.isActive)).toBe(true);
  });
});
