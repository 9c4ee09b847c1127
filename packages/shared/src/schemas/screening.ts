import { z } from 'zod';
import { optionalText } from './fields.ts';
import { sanctionsHitEntrySchema } from './sanctions.ts';

/**
 * Hits against a list, whatever the list: our terminated-merchant list, an outside check a person
 * entered (MATCH or similar), later the sanctions lists. One shape and one resolve flow.
 */
export const HIT_SOURCES = ['terminated_list', 'outside_check', 'sanctions'] as const;
export type HitSource = (typeof HIT_SOURCES)[number];
export const HIT_SOURCE_LABELS: Record<HitSource, string> = {
  terminated_list: 'Terminated-merchant list',
  outside_check: 'Outside check',
  sanctions: 'Sanctions list',
};
export const HIT_STRENGTHS = ['decline', 'review'] as const;
export const HIT_STATES = ['open', 'cleared', 'confirmed'] as const;
export type HitState = (typeof HIT_STATES)[number];

/** Which identifier matched: the kind only, never the value. */
export const MATCHED_KIND_LABELS: Record<string, string> = {
  tax_id: 'Tax id',
  owner_ssn: 'Owner SSN',
  bank_account: 'Bank account',
  phone: 'Phone',
  address: 'Address',
  domain: 'Website domain',
  name: 'Similar name',
  outside_check: 'Outside check',
  sanctions_business: 'Sanctions: business name',
  sanctions_owner: 'Sanctions: owner',
};

export const screeningHitSchema = z.object({
  id: z.uuid(),
  merchantId: z.uuid(),
  source: z.enum(HIT_SOURCES),
  strength: z.enum(HIT_STRENGTHS),
  matchedKind: z.string(),
  /** The terminated merchant matched, when the caller may read it; null otherwise or for outside checks. */
  matchedMerchant: z.object({ id: z.uuid(), dbaName: z.string() }).nullable(),
  score: z.number().nullable(),
  state: z.enum(HIT_STATES),
  reasonCode: z.object({ id: z.uuid(), code: z.string(), label: z.string() }).nullable(),
  note: z.string(),
  /** An outside check: the service's name (MATCH…). */
  service: z.string(),
  /** A sanctions hit: the list entry and version matched (docs/decisions/099). */
  sanctionsEntry: sanctionsHitEntrySchema.nullable(),
  resolution: z.string(),
  resolvedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ScreeningHit = z.infer<typeof screeningHitSchema>;
export const screeningHitListSchema = z.object({ hits: z.array(screeningHitSchema) });
export type ScreeningHitList = z.infer<typeof screeningHitListSchema>;

/** POST /api/merchants/{id}/matches/{hitId}/resolve: cleared or confirmed, always with a reason. */
export const resolveHitInputSchema = z.object({
  state: z.enum(['cleared', 'confirmed'], { error: 'Choose clear or confirm' }),
  reason: optionalText(2000).min(1, 'Say why'),
});
export type ResolveHitInput = z.infer<typeof resolveHitInputSchema>;

/** POST /api/merchants/{id}/matches: the result of an outside check a person ran, with its reason code. */
export const outsideCheckInputSchema = z.object({
  service: optionalText(60).min(1, 'Name the service (MATCH, …)'),
  result: z.enum(['match', 'review'], { error: 'Choose the result' }),
  reasonCodeId: z.uuid('Choose a reason'),
  note: optionalText(2000).optional(),
});
export type OutsideCheckInput = z.infer<typeof outsideCheckInputSchema>;
