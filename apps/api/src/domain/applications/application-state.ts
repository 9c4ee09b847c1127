import { LIVE_APPLICATION_STATES, type ApplicationClosedReason, type ApplicationState } from '@boardwalk/shared';

export const LIVE: ReadonlySet<ApplicationState> = new Set(LIVE_APPLICATION_STATES);

/** A live request past its expiry reads as expired, whether or not a write has marked it yet. */
export function effectiveState(row: { state: ApplicationState; expiresAt: Date }, now: Date): ApplicationState {
  return LIVE.has(row.state) && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.state;
}

/** Why a link no longer opens, or null while it does. */
export function closedReason(state: ApplicationState): ApplicationClosedReason | null {
  if (state === 'revoked' || state === 'expired') return state;
  if (state === 'submitted' || state === 'signed') return 'used';
  return null;
}
