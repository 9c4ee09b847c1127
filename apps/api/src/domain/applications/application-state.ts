import { ProblemError } from '../../lib/problem.ts';
import { LIVE_APPLICATION_STATES, type ApplicationClosedReason, type ApplicationState } from '@boardwalk/shared';

export const LIVE: ReadonlySet<ApplicationState> = new Set(LIVE_APPLICATION_STATES);

/** A live request past its expiry reads as expired, whether or not a write has marked it yet. */
export function effectiveState(row: { state: ApplicationState; expiresAt: Date }, now: Date): ApplicationState {
  return LIVE.has(row.state) && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.state;
}

/**
 * Why a link no longer opens, or null while it does. A submitted request still opens, for
 * signing only (docs/decisions/107: its answers are refused with 409); a signed one is used.
 */
export function closedReason(state: ApplicationState): ApplicationClosedReason | null {
  if (state === 'revoked' || state === 'expired') return state;
  if (state === 'signed') return 'used';
  return null;
}

/** Answers change only while the request is live: once submitted, only signing is left. */
export function assertFillable(row: { state: ApplicationState }) {
  if (!LIVE.has(row.state)) {
    throw new ProblemError(409, 'This application was submitted: it can be signed, not changed.', {
      code: 'application_submitted',
    });
  }
}
