import { useCallback, useEffect, useRef, useState } from 'react';
import { startActivityClock } from './activity-clock.ts';
import { idlePhase } from './idle-schedule.ts';

export type IdleCountdownOptions = {
  /** Counting only while signed in with a live session. */
  enabled: boolean;
  idleMinutes: number;
  /** Renews the session with a call that touches it (GET /api/auth/session). */
  renew: () => Promise<unknown>;
  /** The limit has passed: the session is over on the server. */
  onEnded: () => void;
};

export type IdleCountdown = {
  /** Whole seconds left while the warning shows; undefined while not warning. */
  secondsLeft: number | undefined;
  /** "Stay signed in": renews and hides the warning. */
  stay: () => Promise<void>;
};

const TICK_MS = 1_000;

/**
 * The idle warning's clock: a minute before the session would end for lack of calls,
 * it counts down; typing or clicking since the last call renews quietly instead, and activity
 * in any other tab counts too (activity-clock.ts).
 */
export function useIdleCountdown({ enabled, idleMinutes, renew, onEnded }: IdleCountdownOptions): IdleCountdown {
  const [secondsLeft, setSecondsLeft] = useState<number>();
  const renewing = useRef(false);
  const warning = useRef(false);
  const latest = useRef({ renew, onEnded });
  latest.current = { renew, onEnded };

  /** One renewal at a time, whether the user asked or the schedule did. */
  const renewOnce = useCallback(async () => {
    if (renewing.current) return;
    renewing.current = true;
    try {
      await latest.current.renew();
    } finally {
      renewing.current = false;
    }
  }, []);

  useEffect(() => {
    if (!enabled) {
      warning.current = false;
      setSecondsLeft(undefined);
      return;
    }
    const activity = startActivityClock();
    const doRenew = () => void renewOnce();
    const check = () => {
      const now = Date.now();
      const phase = idlePhase(activity.times(), idleMinutes, now, warning.current);
      warning.current = phase.kind === 'warning';
      if (phase.kind === 'warning') setSecondsLeft(Math.max(0, Math.ceil((phase.endsAt - now) / 1000)));
      else setSecondsLeft(undefined);
      if (phase.kind === 'renew') doRenew();
      if (phase.kind === 'ended') latest.current.onEnded();
    };
    const offActivity = activity.subscribe(check);
    const timer = window.setInterval(check, TICK_MS);
    check();
    return () => {
      window.clearInterval(timer);
      offActivity();
      activity.stop();
    };
  }, [enabled, idleMinutes, renewOnce]);

  return {
    secondsLeft,
    stay: async () => {
      warning.current = false;
      setSecondsLeft(undefined);
      await renewOnce();
    },
  };
}
