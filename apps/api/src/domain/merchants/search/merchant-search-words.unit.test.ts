import { describe, expect, it } from 'vitest';
import { oneTypoAway, searchWords } from './merchant-search-words.ts';

describe('searchWords', () => {
  it('splits a term as merchant_search_words() splits a name: lowercased letters, three or more, once', () => {
    expect(searchWords("Garroscor's Coffee & co. 42 Coffee")).toEqual(['garroscor', 'coffee']);
    expect(searchWords('555-0142')).toEqual([]);
  });
});

describe('oneTypoAway', () => {
  it('undoes each typo the workload makes: swapped, dropped, doubled and wrong letters', () => {
    const near = new Set(oneTypoAway('bistro'));
    for (const typo of ['bsitro', 'bisto', 'bisstro', 'bostro'])
      expect(new Set(oneTypoAway(typo)).has('bistro')).toBe(true);
    expect(near.has('bistro')).toBe(true);
    expect(near.has('bistros')).toBe(true);
    expect(near.has('bsitro')).toBe(true);
    expect(near.has('bistrooo')).toBe(false);
  });
});
