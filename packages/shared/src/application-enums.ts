/**
 * The merchant's application link's fixed values, without zod, so the merchant's own small page
 * can use them (docs/decisions/097); schemas/application.ts builds its schemas from these.
 */
export const APPLICATION_STATES = [
  'sent',
  'opened',
  'in_progress',
  'submitted',
  'signed',
  'expired',
  'revoked',
] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** States in which the link still opens. */
export const LIVE_APPLICATION_STATES = ['sent', 'opened', 'in_progress'] as const satisfies readonly ApplicationState[];

/** What a request asks the merchant for: the steps of the application, in the page's order. */
export const APPLICATION_STEPS = ['business', 'contact', 'owners', 'processing', 'banking'] as const;
export type ApplicationStep = (typeof APPLICATION_STEPS)[number];

export const APPLICATION_STATE_LABELS: Record<ApplicationState, string> = {
  sent: 'Sent',
  opened: 'Opened',
  in_progress: 'In progress',
  submitted: 'Submitted',
  signed: 'Signed',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** Why a link no longer opens, as the merchant's page says it. */
export const APPLICATION_CLOSED_REASONS = ['revoked', 'expired', 'used'] as const;
export type ApplicationClosedReason = (typeof APPLICATION_CLOSED_REASONS)[number];

/** One-time codes: 6 digits, valid 10 minutes, a new one at most once a minute. */
export const APPLICATION_CODE_LENGTH = 6;
export const APPLICATION_CODE_MINUTES = 10;
export const APPLICATION_CODE_RESEND_SECONDS = 60;
/** A verified device resumes this long without a new code. */
export const APPLICATION_DEVICE_HOURS = 24;

export const APPLICATION_STEP_LABELS: Record<ApplicationStep, string> = {
  business: 'Business',
  contact: 'Contact',
  owners: 'Owners',
  processing: 'Processing',
  banking: 'Bank and tax id',
};

/** The electronic-records consent, as the review step shows it and the submission keeps it (docs/decisions/107). */
export const APPLICATION_CONSENT_TEXT =
  'I agree to use electronic records and signatures for this application, and that my typed name and drawn signature have the same effect as a handwritten signature.';
