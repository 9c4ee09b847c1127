import type { PossibleDuplicate } from '@boardwalk/shared/schemas/merchant';
import { describe, expect, it } from 'vitest';
import { merchant } from '../../../test/merchant-fixtures.ts';
import { duplicateProbes, mergeDuplicates } from './use-duplicate-check.ts';

const A = '0190c0de-0000-7000-8000-00000000a0aa';
const B = '0190c0de-0000-7000-8000-00000000a0bb';
const found = (id: string, reasons: PossibleDuplicate['reasons']): PossibleDuplicate => ({
  id,
  dbaName: id,
  stage: merchant().stage,
  deleted: false,
  reasons,
});

describe('duplicateProbes', () => {
  it('asks only about complete values, as the route takes them, one question per kind', () => {
    expect(
      duplicateProbes({
        dbaName: ' Harbor Coffee ',
        contactPhone: '555 0100',
        taxId: '12-3456789',
        routingNumber: '021000021',
        accountNumber: '1234 5678',
      }).map((p) => [p.kind, p.body]),
    ).toEqual([
      ['dbaNameAndPhone', { dbaName: 'Harbor Coffee', contactPhone: '555 0100' }],
      ['taxId', { taxId: '123456789' }],
      ['bankAccount', { routingNumber: '021000021', accountNumber: '12345678' }],
    ]);
    // Typed halfway, or half of a pair: nothing to ask (a lookup by tax id spends the reveal budget).
    expect(
      duplicateProbes({ dbaName: 'Harbor', taxId: '12345', routingNumber: '021000021', accountNumber: '' }),
    ).toEqual([]);
  });

  it('keys a value by what is sent, so the same tax id typed with a dash is the same question', () => {
    const [dashed] = duplicateProbes({ taxId: '12-3456789' });
    const [plain] = duplicateProbes({ taxId: '123456789' });
    expect(dashed!.key).toBe(plain!.key);
  });
});

describe('mergeDuplicates', () => {
  it('lists each merchant once with every reason the answers gave, in order', () => {
    expect(
      mergeDuplicates([[found(A, ['dbaNameAndPhone'])], [found(B, ['taxId']), found(A, ['taxId'])], []]).map((d) => [
        d.id,
        d.reasons,
      ]),
    ).toEqual([
      [A, ['taxId', 'dbaNameAndPhone']],
      [B, ['taxId']],
    ]);
  });
});
