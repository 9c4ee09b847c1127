import { DOCUMENT_CHECKLIST_DEFAULTS, type DocumentChecklistRules } from '@boardwalk/shared';
import { describe, expect, it } from 'vitest';
import { deriveChecklist, type ChecklistFacts } from './document-checklist.ts';

const rules = (change: (r: DocumentChecklistRules) => void = () => {}): DocumentChecklistRules => {
  const copy = structuredClone(DOCUMENT_CHECKLIST_DEFAULTS);
  change(copy);
  return copy;
};
const owner = (key: string, firstName: string, ownershipPercent: number | null) => ({
  key,
  firstName,
  lastName: 'Doe',
  ownershipPercent,
});
const facts = (over: Partial<ChecklistFacts> = {}): ChecklistFacts => ({
  industryRisk: 'low',
  monthlyVolume: 10_000,
  owners: [],
  ...over,
});
const keys = (items: { key: string }[]) => items.map((i) => i.key);

describe('deriveChecklist', () => {
  it('asks a voided check always and nothing else of a small, low-risk merchant without owners', () => {
    const items = deriveChecklist(rules(), facts(), []);
    expect(items).toEqual([
      expect.objectContaining({
        key: 'voided-check',
        kind: 'voided_check',
        ownerKey: null,
        state: 'missing',
        files: [],
      }),
    ]);
  });

  it('asks a photo ID of every owner at or over the share, none of those under it or without one', () => {
    const owners = [owner('a', 'Ann', 25), owner('b', 'Bob', 24.99), owner('c', 'Cy', 51), owner('d', 'Di', null)];
    const items = deriveChecklist(rules(), facts({ owners }), []);
    const ids = items.filter((i) => i.kind === 'photo_id');
    expect(ids.map((i) => [i.key, i.ownerKey, i.label])).toEqual([
      ['photo-id-a', 'a', 'Photo ID of Ann Doe'],
      ['photo-id-c', 'c', 'Photo ID of Cy Doe'],
    ]);
    const stricter = deriveChecklist(
      rules((r) => (r.ownerPhotoId.minOwnershipPercent = 50)),
      facts({ owners }),
      [],
    );
    expect(keys(stricter.filter((i) => i.kind === 'photo_id'))).toEqual(['photo-id-c']);
  });

  it('names an owner without a name by their place in the list', () => {
    const items = deriveChecklist(
      rules(),
      facts({ owners: [{ key: 'x', firstName: '', lastName: '', ownershipPercent: 100 }] }),
      [],
    );
    expect(items[0]!.label).toBe('Photo ID of owner 1');
  });

  it('asks bank statements for a high-risk industry, or a volume over the amount, not at it', () => {
    expect(keys(deriveChecklist(rules(), facts({ industryRisk: 'high' }), []))).toContain('bank-statements');
    expect(keys(deriveChecklist(rules(), facts({ industryRisk: 'medium' }), []))).not.toContain('bank-statements');
    expect(keys(deriveChecklist(rules(), facts({ monthlyVolume: 100_001 }), []))).toContain('bank-statements');
    expect(keys(deriveChecklist(rules(), facts({ monthlyVolume: 100_000 }), []))).not.toContain('bank-statements');
    expect(keys(deriveChecklist(rules(), facts({ monthlyVolume: null }), []))).not.toContain('bank-statements');
    const lower = rules((r) => (r.bankStatements.volumeOver = 5_000));
    expect(keys(deriveChecklist(lower, facts({ monthlyVolume: 5_001 }), []))).toContain('bank-statements');
    const noIndustry = rules((r) => (r.bankStatements.highRiskIndustries = false));
    expect(keys(deriveChecklist(noIndustry, facts({ industryRisk: 'high' }), []))).not.toContain('bank-statements');
  });

  it('asks nothing of a rule turned off', () => {
    const off = rules((r) => {
      r.ownerPhotoId.enabled = false;
      r.bankStatements.enabled = false;
      r.voidedCheck.enabled = false;
    });
    const all = facts({ industryRisk: 'high', monthlyVolume: 1e9, owners: [owner('a', 'Ann', 100)] });
    expect(deriveChecklist(off, all, [])).toEqual([]);
    expect(deriveChecklist(rules(), all, [])).toHaveLength(3);
  });

  it('marks an item uploaded with the files stored for its key, and only those', () => {
    const file = { id: '019c0000-0000-7000-8000-000000000001', fileName: 'check.pdf', sizeBytes: 10, createdAt: 'now' };
    const items = deriveChecklist(rules(), facts({ owners: [owner('a', 'Ann', 100)] }), [
      { ...file, itemKey: 'voided-check' },
      { ...file, itemKey: 'photo-id-someone-else' },
    ]);
    expect(items.map((i) => [i.key, i.state, i.files])).toEqual([
      ['photo-id-a', 'missing', []],
      ['voided-check', 'uploaded', [file]],
    ]);
  });
});
