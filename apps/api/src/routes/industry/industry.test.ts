import { describe, expect, it } from 'vitest';
import type { Industry } from '@boardwalk/shared';
import { crudContract, useCrudContext } from '../../test/crud-contract.ts';
import type { ProblemBody } from '../../test/json-client.ts';

let nextMcc = 1000;
const mcc = () => String(nextMcc++);

describe('industries API (/api/industry)', () => {
  const ctx = useCrudContext();

  crudContract(ctx, {
    path: '/api/industry',
    key: 'industries',
    subject: 'industry',
    make: (tag, i) => ({ name: `Retail ${tag} ${'abc'[i]}`, mcc: mcc(), riskLevel: 'low' }),
    invalid: { data: { name: 'Grocery', mcc: '541' }, field: 'mcc' },
    change: { riskLevel: 'high', isActive: false },
    unique: { field: 'mcc', clash: (row) => ({ mcc: row.mcc }) },
    sort: 'mcc',
    filter: {
      query: 'riskLevel=medium',
      override: { riskLevel: 'medium' },
      matches: (row) => row.riskLevel === 'medium',
    },
  });

  it('explains a bad MCC in words', async () => {
    const res = await ctx.staff.post<ProblemBody>('/api/industry', { data: { name: 'Shops', mcc: '54A1' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ mcc: ['Enter a 4-digit MCC'] });
  });

  it('words list param errors for people, not as the validator does', async () => {
    const res = await ctx.staff.get<ProblemBody>('/api/industry?pageSize=0&riskLevel=extreme');
    expect(res.status).toBe(400);
    expect(res.body.errors?.pageSize).toEqual(['Enter a number of at least 1']);
    expect(res.body.errors?.riskLevel?.[0]).toMatch(/^Choose /);
    expect(JSON.stringify(res.body)).not.toMatch(/Too small|expected|>=/);
  });

  it('finds an industry by its MCC and sorts by risk level in low → high order', async () => {
    const code = mcc();
    await ctx.staff.post('/api/industry', { data: { name: 'Risky', mcc: code, riskLevel: 'high' } });
    const found = await ctx.staff.get<{ industries: Industry[]; total: number }>(`/api/industry?q=${code}`);
    // q also matches names, and other tests' random name tags may contain these four digits.
    const byCode = found.body.industries.filter((i) => i.mcc === code);
    expect(byCode).toHaveLength(1);
    expect(byCode[0]?.riskLevel).toBe('high');
    expect(found.body.industries.every((i) => i.mcc === code || i.name.includes(code))).toBe(true);
    const sorted = await ctx.staff.get<{ industries: Industry[] }>('/api/industry?sort=riskLevel&pageSize=100');
    const levels = sorted.body.industries.map((i) => ['low', 'medium', 'high'].indexOf(i.riskLevel));
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
  });
});
