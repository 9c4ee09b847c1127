import {
  DUPLICATE_REASONS,
  duplicateCheckInputSchema,
  type PossibleDuplicate,
} from '@boardwalk/shared/schemas/merchant';
import { useEffect, useRef, useState } from 'react';
import { errorStatus } from '../../../lib/problem.ts';
import { useCheckMerchantDuplicatesMutation, type DuplicateCheckArg } from '../../../entities/merchants/api.ts';
import type { MerchantFormValues } from './merchant-form-values.ts';

export type DuplicateProbeKind = (typeof DUPLICATE_REASONS)[number];

/** One question to POST /api/merchants/duplicates, keyed by the values it asks about. */
export type DuplicateProbe = { kind: DuplicateProbeKind; key: string; body: DuplicateCheckArg };

type Outcome = { status: 'checked'; duplicates: PossibleDuplicate[] } | { status: 'limited' | 'failed' };

export type DuplicateCheck = {
  checking: boolean;
  /** Merchants sharing what was typed, from every question answered; undefined until then. */
  duplicates: PossibleDuplicate[] | undefined;
  /** The questions not answered: over the reveal budget (429) or failed otherwise. */
  unchecked: Partial<Record<DuplicateProbeKind, 'limited' | 'failed'>>;
};

const input = duplicateCheckInputSchema.shape;

/** A value as the route takes it, only once it is complete: a partial one tells nothing. */
function complete(field: (typeof input)[keyof typeof input], value: unknown): string | undefined {
  const parsed = field.safeParse(value ?? '');
  return parsed.success && parsed.data ? parsed.data : undefined;
}

/**
 * The separate questions the review asks. A lookup by tax id or by bank account spends the
 * user's reveal budget, one unit each; by DBA name and phone it is free. Asked apart, a refused
 * sensitive lookup (429) leaves the others' answers standing.
 */
export function duplicateProbes(values: Partial<MerchantFormValues>): DuplicateProbe[] {
  const probes: DuplicateProbe[] = [];
  const dbaName = complete(input.dbaName, values.dbaName);
  const contactPhone = complete(input.contactPhone, values.contactPhone);
  if (dbaName && contactPhone) {
    probes.push({
      kind: 'dbaNameAndPhone',
      key: `${dbaName.toLowerCase()}|${contactPhone}`,
      body: { dbaName, contactPhone },
    });
  }
  const taxId = complete(input.taxId, values.taxId);
  if (taxId) probes.push({ kind: 'taxId', key: taxId, body: { taxId } });
  const routingNumber = complete(input.routingNumber, values.routingNumber);
  const accountNumber = complete(input.accountNumber, values.accountNumber);
  if (routingNumber && accountNumber) {
    probes.push({
      kind: 'bankAccount',
      key: `${routingNumber}|${accountNumber}`,
      body: { routingNumber, accountNumber },
    });
  }
  return probes;
}

/** One entry per merchant, with every reason any answer gave for it. */
export function mergeDuplicates(lists: PossibleDuplicate[][]): PossibleDuplicate[] {
  const byId = new Map<string, PossibleDuplicate>();
  for (const d of lists.flat()) {
    const seen = byId.get(d.id);
    const reasons = seen
      ? DUPLICATE_REASONS.filter((r) => seen.reasons.includes(r) || d.reasons.includes(r))
      : d.reasons;
    byId.set(d.id, { ...(seen ?? d), reasons });
  }
  return [...byId.values()];
}

/**
 * The add form's duplicate check, run while `active` (the review step): each distinct value is
 * asked once per form, so coming back to the review with the same values spends nothing again.
 * An unanswered question is forgotten and asked again on the next visit (a 429 spends nothing).
 */
export function useDuplicateCheck(active: boolean, values: () => Partial<MerchantFormValues>): DuplicateCheck {
  const [check] = useCheckMerchantDuplicatesMutation();
  const asked = useRef(new Map<string, Promise<Outcome>>());
  const [state, setState] = useState<DuplicateCheck>({ checking: false, duplicates: undefined, unchecked: {} });

  useEffect(() => {
    if (!active) return;
    let current = true;
    const probes = duplicateProbes(values());
    const ask = (probe: DuplicateProbe): Promise<Outcome> => {
      const id = `${probe.kind}:${probe.key}`;
      const known = asked.current.get(id);
      if (known) return known;
      const answer = check(probe.body)
        .unwrap()
        .then((duplicates): Outcome => ({ status: 'checked', duplicates }))
        .catch((error: unknown): Outcome => {
          asked.current.delete(id);
          return { status: errorStatus(error) === 429 ? 'limited' : 'failed' };
        });
      asked.current.set(id, answer);
      return answer;
    };
    setState((s) => ({ ...s, checking: probes.length > 0 }));
    void Promise.all(probes.map(ask)).then((outcomes) => {
      if (!current) return;
      const unchecked: DuplicateCheck['unchecked'] = {};
      const lists: PossibleDuplicate[][] = [];
      outcomes.forEach((outcome, i) => {
        if (outcome.status === 'checked') lists.push(outcome.duplicates);
        else unchecked[probes[i]!.kind] = outcome.status;
      });
      setState({ checking: false, duplicates: mergeDuplicates(lists), unchecked });
    });
    return () => {
      current = false;
    };
  }, [active, check, values]);

  return state;
}
