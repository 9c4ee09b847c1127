import type { CodeChannel } from '@boardwalk/shared';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { OutboundFailure } from '../../lib/outbound/outbound-failure.ts';
import type { OutboundPolicy } from '../../lib/outbound/outbound-policy.ts';
import { DEFAULT_PHONE_REGION } from '../../lib/phone.ts';
import { ProblemError } from '../../lib/problem.ts';
import { checkSmsGateway, type SmsGatewayConfig } from '../../lib/sms/sms-gateway.ts';
import { ownersView, plainStep, type Draft } from './application-draft.ts';
import { logApplicationStep, type ApplicationActor } from './application-log.ts';
import { readOnRecord } from './application-record.ts';
import { maskEmail } from './application-secrets.ts';

/**
 * Where a one-time code goes (docs/decisions/115): the email on file, or, when the operator set
 * up an SMS gateway and a phone is on file, that phone by SMS. The code's rules (hashed, expiry,
 * wrong-code lock, one a minute) are the same whichever way it travels.
 */

/** The SMS gateway as the merchant's routes see it: where, and under which outbound policy. */
export type SmsCodeTransport = { gateway: SmsGatewayConfig; policy: OutboundPolicy };

/** A phone on file as a number a gateway can text (E.164), or null when it does not read as one. */
export function textableNumber(phone: string | null | undefined): string | null {
  const parsed = phone?.trim() ? parsePhoneNumberFromString(phone.trim(), DEFAULT_PHONE_REGION) : undefined;
  return parsed?.isPossible() ? parsed.number : null;
}

/** `••• ••• ••42`: enough for the merchant to know which phone, little for a stranger with the link. */
export function maskPhone(e164: string): string {
  return `••• ••• ••${e164.slice(-2)}`;
}

/** The masked phone the page may offer to text, or null (no gateway, or no phone that reads as one). */
export function codeTextTo(sms: SmsCodeTransport | undefined, phone: string | null | undefined): string | null {
  const number = sms ? textableNumber(phone) : null;
  return number ? maskPhone(number) : null;
}

/** The contact's phone on the merchant's record: staff's, not the link's draft, so the link alone cannot redirect it. */
export async function contactPhoneOf(db: Db, merchantId: string): Promise<string | null> {
  const [row] = await db
    .select({ phone: merchants.contactPhone })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row?.phone ?? null;
}

/**
 * A signer's phone, from the application they sign, where their email comes from too: the
 * owner's phone on the draft (or the record), or the contact's for the `contact` signer.
 */
export async function signerPhoneOf(
  db: Db,
  request: { merchantId: string; draft: Draft },
  signerKey: string,
): Promise<string | null> {
  const record = await readOnRecord(db, request.merchantId);
  if (signerKey === 'contact') {
    const phone = plainStep(request.draft, 'contact').contactPhone;
    return typeof phone === 'string' ? phone : (record.contact.contactPhone ?? null);
  }
  return ownersView(request.draft, record).find((o) => o.key === signerKey)?.phone ?? null;
}

export type CodeTarget = { channel: CodeChannel; to: string; shown: string };

const NO_TEXT = 'Text messages are not available for this link: ask for the code by email.';
const GATEWAY_DOWN = 'We cannot send text messages right now: ask for the code by email.';

/**
 * Where this code goes. SMS needs the gateway and a phone (else 400 on `channel`), and the gateway
 * must pass the outbound policy now (else 503, audited with the policy's reason): nothing is made
 * or sent for a refused one. The merchant is told only that texts are unavailable.
 */
export async function codeTarget(
  db: Db,
  input: {
    channel: CodeChannel;
    email: string;
    phone: string | null | undefined;
    sms: SmsCodeTransport | undefined;
    actor: ApplicationActor;
    step: { requestId: string; merchantId: string; at: Date; action: string; details?: Record<string, unknown> };
  },
): Promise<CodeTarget> {
  if (input.channel === 'email') return { channel: 'email', to: input.email, shown: maskEmail(input.email) };
  const number = input.sms ? textableNumber(input.phone) : null;
  if (!input.sms || !number) throw new ProblemError(400, NO_TEXT, { errors: { channel: [NO_TEXT] } });
  try {
    await checkSmsGateway(input.sms.gateway, input.sms.policy);
  } catch (error) {
    if (!(error instanceof OutboundFailure)) throw error;
    await logApplicationStep(db, input.actor, {
      ...input.step,
      outcome: 'failure',
      // The policy's own sentence names the operator's gateway: for the audit log, not the merchant.
      details: { ...input.step.details, channel: 'sms', failure: error.info, error: error.message },
    });
    throw new ProblemError(503, GATEWAY_DOWN, { code: 'sms_unavailable' });
  }
  return { channel: 'sms', to: number, shown: maskPhone(number) };
}
