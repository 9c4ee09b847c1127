import { describe, expect, it } from 'vitest';
import { seededRandom } from './random.ts';
import { found, searchQueries, typo, type SearchTarget } from './search-queries.ts';

const target: SearchTarget = {
  id: 'a',
  dbaName: 'Golden Kelvaro Bakery',
  contactName: 'Maria Lopez',
  phone: '+15035550142',
  sameName: ['a'],
};

describe('the search workload', () => {
  it('makes one typo of each kind, never in the first letter', () => {
    const random = seededRandom(1);
    for (const kind of ['swap', 'drop', 'double', 'wrong'] as const) {
      for (let i = 0; i < 50; i++) {
        const typed = typo(target.dbaName, kind, random)!;
        expect(typed).not.toBe(target.dbaName);
        expect(typed.split(' ').map((w) => w[0])).toEqual(['G', 'K', 'B']);
        const lengthChange = typed.length - target.dbaName.length;
        expect(lengthChange).toBe(kind === 'drop' ? -1 : kind === 'double' ? 1 : 0);
      }
    }
  });

  it('writes a phone the ways people type it', () => {
    const queries = searchQueries([target], 1, seededRandom(2));
    const phones = Object.fromEntries(queries.filter((q) => q.kind.startsWith('phone')).map((q) => [q.kind, q.q]));
    expect(phones).toEqual({
      'phone (503) 555-0142': '(503) 555-0142',
      'phone 503-555-0142': '503-555-0142',
      'phone 5035550142': '5035550142',
      'phone +1 503 555 0142': '+1 503 555 0142',
      'phone last 4': '0142',
    });
  });

  it('counts a chain found only when its merchants come first', () => {
    const chain = { ...target, sameName: ['a', 'b', 'c'] };
    const query = { kind: 'whole name' as const, q: chain.dbaName, target: chain };
    expect(found(query, ['b', 'a', 'c', 'x'])).toBe(true);
    expect(found(query, ['b', 'x', 'a', 'c'])).toBe(false);
    expect(found({ ...query, target }, ['x', 'y', 'a'])).toBe(true);
    expect(found({ ...query, target }, Array.from({ length: 10 }, (_, i) => `x${i}`).concat('a'))).toBe(false);
  });
});
