import type { ActivityTimes } from './activity-clock.ts';

/** The warning comes this long before the session would end ("a minute before"). */
export const IDLE_WARNING_MS = 60_000;
/**
 * The server records use at most every 30 s (session-store TOUCH_INTERVAL_MS), so its idle
 * clock may have started up to this much before our last call: count from the earliest.
 */
export const TOUCH_SLACK_MS = 30_000;

export type IdlePhase =
  | { kind: 'active'; warnAt: number }
  /** Time to warn, but the user typed or clicked since the last call: renew without asking. */
  | { kind: 'renew' }
  | { kind: 'warning'; endsAt: number }
  | { kind: 'ended' };

/** When the session ends, counted (conservatively) from the last call that touched it. */
export function idleEndsAt(times: ActivityTimes, idleMinutes: number): number {
  return times.api + idleMinutes * 60_000 - TOUCH_SLACK_MS;
}

/**
 * Where the idle countdown stands. `warning` already on screen: only the user's answer in the
 * dialog renews (a click on Sign out must not renew first).
 */
export function idlePhase(times: ActivityTimes, idleMinutes: number, now: number, warning: boolean): IdlePhase {
  const endsAt = idleEndsAt(times, idleMinutes);
  if (now >= endsAt) return { kind: 'ended' };
  // A short limit (1 minute) still leaves half of it before the warning.
  const lead = Math.min(IDLE_WARNING_MS, (idleMinutes * 60_000 - TOUCH_SLACK_MS) / 2);
  const warnAt = endsAt - lead;
  if (now < warnAt) return { kind: 'active', warnAt };
  if (!warning && times.user > times.api) return { kind: 'renew' };
  return { kind: 'warning', endsAt };
}
