import { describe, expect, it } from 'vitest';
import { addressKey, domainOf, identifiersOf, normaliseName } from './identifiers.ts';

describe('terminated-list identifiers', () => {
  it('normalises names: case, accents, punctuation and business suffixes', () => {
    expect(normaliseName('Café  Zoë, LLC.')).toBe('cafe zoe');
    expect(normaliseName('SUNSET VAPE EMPORIUM INC')).toBe(normaliseName('Sunset Vape Emporium'));
  });

  it('takes the host of a website without www', () => {
    expect(domainOf('https://www.Sunset-Vape.example/shop?x=1')).toBe('sunset-vape.example');
    expect(domainOf('sunset-vape.example')).toBe('sunset-vape.example');
    expect(domainOf('')).toBe('');
  });

  it('keys an address on street and postal code, nothing without a street', () => {
    expect(addressKey('12 Main St.', 'ab1 2cd')).toBe('12 main st|ab12cd');
    expect(addressKey('', '12345')).toBe('');
  });

  it('lists each identifier once, leaving out the unknown ones', () => {
    const ids = identifiersOf({
      dbaName: 'Shop',
      legalName: 'Shop LLC',
      taxIdFingerprint: 'fp-tax',
      bankAccountFingerprint: null,
      ssnFingerprints: ['fp-ssn', 'fp-ssn'],
      contactPhone: '',
      addressLine1: '',
      postalCode: '',
      website: '',
    });
    expect(ids).toEqual([
      { kind: 'tax_id', value: 'fp-tax' },
      { kind: 'owner_ssn', value: 'fp-ssn' },
      { kind: 'name', value: 'shop' },
    ]);
  });
});
