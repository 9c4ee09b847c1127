import { createHash } from 'node:crypto';
import { APPLICATION_SENSITIVE_FIELDS, type ApplicationView } from '@boardwalk/shared';
import { stepOf, type Draft } from './application-draft.ts';

/**
 * What a signer signs (docs/decisions/107): the application as the review step shows it (record
 * and draft merged, sensitive values masked) plus the sealed markers of the values typed through
 * the link, so a new SSN with the same last four is a change too. Its hash is taken over
 * canonical JSON (keys sorted, no spaces), so the same answers always give the same hash.
 */
export type SignedContent = {
  answers: Omit<ApplicationView, 'portalName' | 'state' | 'expiresAt' | 'asks'>;
  sealed: string[];
};

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function signedContentOf(view: ApplicationView, draft: Draft): SignedContent {
  const { portalName: _p, state: _s, expiresAt: _e, asks: _a, ...answers } = view;
  const markers: string[] = [];
  const banking = stepOf(draft, 'banking');
  for (const field of APPLICATION_SENSITIVE_FIELDS) {
    if (typeof banking[field] === 'string') markers.push(`banking.${field}=${banking[field]}`);
  }
  const owners = Array.isArray(draft.owners) ? (draft.owners as Record<string, unknown>[]) : [];
  owners.forEach((owner, i) => {
    for (const field of ['ssn', 'dateOfBirth']) {
      if (typeof owner[field] === 'string') markers.push(`owners.${i}.${field}=${owner[field]}`);
    }
  });
  return { answers, sealed: markers };
}

export function contentHash(content: SignedContent): string {
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}
