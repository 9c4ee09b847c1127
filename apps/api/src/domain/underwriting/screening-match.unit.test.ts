import { describe, expect, it } from 'vitest';
import { jaroWinkler, nameScore } from './name-score.ts';
import { adjustScore, NameIndex, nameKey, type MatchEntry } from './screening-match.ts';

const entry = (name: string, more: Partial<MatchEntry> = {}): MatchEntry => ({
  listId: 'l',
  entNum: 1,
  name,
  aliases: [],
  countries: [],
  birthDates: [],
  ...more,
});

describe('sanctions name matching', () => {
  it('normalises case, accents, punctuation, word order and business suffixes', () => {
    expect(nameKey('ZÖLLNER-Brück, Émile')).toBe(nameKey('emile zollner bruck'));
    expect(nameKey('Quillfeather Holdings, L.L.C.')).toBe(nameKey('quillfeather holdings'));
    expect(nameKey('Quillfeather Holdings GmbH')).toBe('holdings quillfeather');
    expect(nameKey('Marrowind S.A.')).toBe('marrowind');
    expect(nameKey('Tin & Tallow Ltd.')).toBe('and tallow tin');
    expect(nameKey('The Company LLC')).not.toBe('');
  });

  it('scores with Jaro–Winkler', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });

  it('finds a name, in any order, with a typo, and through an alias; not an unrelated one', () => {
    const index = new NameIndex([
      entry('GLIMMERWICK, Bartholomew Xyver', { entNum: 7 }),
      entry('OBSIDIAN TEAPOT TRADING CO.', { entNum: 8, aliases: ['Teapot of Obsidian Holdings'] }),
    ]);
    expect(index.match({ subject: 'owner', name: 'Bartholomew Xyver Glimmerwick' }, 0.88)[0]?.entry.entNum).toBe(7);
    expect(index.match({ subject: 'owner', name: 'Bartholomew Xyvre Glimmerwik' }, 0.88)[0]?.score).toBeGreaterThan(
      0.88,
    );
    const alias = index.match({ subject: 'business', name: 'Teapot of Obsidian Holdings, Inc.' }, 0.88);
    expect(alias[0]).toMatchObject({ matchedName: 'Teapot of Obsidian Holdings', score: 1 });
    expect(index.match({ subject: 'business', name: 'Sunrise Bakery' }, 0.88)).toEqual([]);
  });

  it('lowers a score, never raises it, for a different birth year or country', () => {
    const listed = entry('x', { birthDates: ['12 Mar 1961'], countries: ['Freedonia', 'France'] });
    expect(adjustScore(0.95, listed, { subject: 'o', name: 'x', birthDate: '1961-03-12', country: 'FR' })).toBe(0.95);
    expect(adjustScore(0.95, listed, { subject: 'o', name: 'x', birthDate: '1962-01-01' })).toBe(0.95);
    expect(adjustScore(0.95, listed, { subject: 'o', name: 'x', birthDate: '1980-01-01' })).toBeCloseTo(0.855);
    expect(adjustScore(0.95, listed, { subject: 'o', name: 'x', country: 'US' })).toBeCloseTo(0.9025);
    expect(adjustScore(0.95, entry('x'), { subject: 'o', name: 'x', birthDate: '1980-01-01', country: 'US' })).toBe(
      0.95,
    );
    const index = new NameIndex([listed, entry('Bartholomew Glimmerwick', { birthDates: ['1950'] })]);
    const hits = index.match({ subject: 'o', name: 'Bartholomew Glimmerwick', birthDate: '1990-05-05' }, 0.95);
    expect(hits).toEqual([]);
  });

  it('answers the same on every call: the candidate counts it keeps between calls start from zero', () => {
    const index = new NameIndex([
      entry('GLIMMERWICK, Bartholomew Xyver', { entNum: 7 }),
      entry('GLIMMERWICK, Bartholomew Xyver Senior', { entNum: 9 }),
    ]);
    const owner = { subject: 'owner', name: 'Bartholomew Xyver Glimmerwick' };
    const first = index.match(owner, 0.88);
    expect(first.map((h) => h.entry.entNum)).toEqual([7, 9]);
    // A name that shares trigrams with both without reaching the threshold, then the owner again.
    expect(index.match({ subject: 'owner', name: 'Bart Glimmer' }, 0.99)).toEqual([]);
    expect(index.match(owner, 0.88)).toEqual(first);
    expect(index.match(owner, 0.88)).toEqual(first);
  });

  describe('a shared word counts only for its share of both names', () => {
    // The default threshold (the sanctionsMatchThreshold setting).
    const threshold = 0.88;
    const score = (a: string, b: string) => nameScore(nameKey(a), nameKey(b));

    it('keeps names that share one long word below the threshold', () => {
      // Jaro–Winkler over the sorted words scored these 0.910, 0.889 and 0.886: the shared word sorts
      // first and the prefix bonus adds to it.
      for (const [a, b] of [
        ['Abdullah Rahman', 'Abdullah Trading'],
        ['Amalgamated Bakery', 'Amalgamated Petroleum'],
        ['Ashley Garescu', "ASHLEY'S BAKERY GmbH"],
        ['Old Bay Jewelers', 'LAKE BAY JEWELERS LLC'],
        ['International Bakery LLC', 'International Holdings'],
        ['Mohammed Ali', 'Mohammed Khan Trading'],
        ['Ahmed Ali', 'Ahmed Khan Trading'],
      ]) {
        expect(score(a!, b!), `${a} / ${b}`).toBeLessThan(threshold);
      }
      const index = new NameIndex([
        entry('ABDULLAH TRADING', { entNum: 3 }),
        entry('AMALGAMATED PETROLEUM', { entNum: 4 }),
      ]);
      expect(index.match({ subject: 'owner', name: 'Abdullah Rahman' }, threshold)).toEqual([]);
      expect(index.match({ subject: 'business', name: 'Amalgamated Bakery' }, threshold)).toEqual([]);
    });

    it('keeps true matches above it: whole names, order, suffixes, accents, a typo, split and missing words', () => {
      for (const [a, b] of [
        ['Teapot of Obsidian Holdings, Inc.', 'Teapot of Obsidian Holdings'],
        ['ZÖLLNER-Brück, Émile', 'emile zollner bruck'],
        ['Emile Zollner Bruk', 'ZÖLLNER-Brück, Émile'],
        ['Bartholomew Xyvre Glimmerwik', 'GLIMMERWICK, Bartholomew Xyver'],
        // Two or more words found whole in a longer name: an owner named without the middle name.
        ['Bartholomew Glimmerwick', 'GLIMMERWICK, Bartholomew Xyver'],
        ['Mohammed Ali Khan', 'Mohamed Ali Khan'],
        ['Glimmer Wick Trading', 'GLIMMERWICK TRADING LLC'],
        // A generic word the list adds weighs little.
        ["Penstrom's Bakery", "PENSTROM'S BAKERY Trading Co."],
      ]) {
        expect(score(a!, b!), `${a} / ${b}`).toBeGreaterThanOrEqual(threshold);
      }
    });
  });
});
