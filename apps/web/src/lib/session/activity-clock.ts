import { onApiActivity } from '../http.ts';

/**
 * When the session was last used, for the idle warning. Two clocks, shared by every
 * tab of the portal, so a busy tab keeps its siblings from warning or signing out:
 * - `api`: the last answer to a call that touched the session (the server's idle clock);
 * - `user`: the last key, click or scroll in any tab (typing does not reach the server, but it
 *   is not idleness: the guard renews the session for it instead of warning).
 */
export type ActivityKind = 'api' | 'user';
export type ActivityTimes = Record<ActivityKind, number>;

type ActivityMessage = { event: 'activity'; kind: ActivityKind; at: number };

const CHANNEL_NAME = 'boardwalk.activity';
/** Fallback for browsers without BroadcastChannel: the storage event reaches the other tabs. */
const STORAGE_KEY = 'boardwalk.activity-message';
/** User activity is told to the other tabs at most this often. */
const USER_BROADCAST_MS = 5_000;
const USER_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

export type ActivityClock = {
  times: () => ActivityTimes;
  /** Called on every change, with the times. */
  subscribe: (listener: (times: ActivityTimes) => void) => () => void;
  stop: () => void;
};

function isActivityMessage(data: unknown): data is ActivityMessage {
  if (!data || typeof data !== 'object') return false;
  const message = data as ActivityMessage;
  return (
    message.event === 'activity' && (message.kind === 'api' || message.kind === 'user') && Number.isFinite(message.at)
  );
}

/** Starts listening (this tab's calls and input, the other tabs' messages); `stop` ends it. */
export function startActivityClock(now: () => number = Date.now): ActivityClock {
  const times: ActivityTimes = { api: now(), user: 0 };
  const listeners = new Set<(times: ActivityTimes) => void>();
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL_NAME);
  let lastUserBroadcast = 0;

  const record = (kind: ActivityKind, at: number) => {
    if (at <= times[kind]) return false;
    times[kind] = at;
    for (const listener of listeners) listener({ ...times });
    return true;
  };

  const tell = (kind: ActivityKind, at: number) => {
    const message: ActivityMessage = { event: 'activity', kind, at };
    if (channel) {
      channel.postMessage(message);
      return;
    }
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(message));
    } catch {
      // Storage full or disabled: the other tabs find out from their own calls.
    }
  };

  const offApi = onApiActivity((at) => {
    if (record('api', at)) tell('api', at);
  });
  const onUserInput = () => {
    const at = now();
    record('user', at);
    if (at - lastUserBroadcast < USER_BROADCAST_MS) return;
    lastUserBroadcast = at;
    tell('user', at);
  };
  for (const type of USER_EVENTS) window.addEventListener(type, onUserInput, { capture: true, passive: true });

  const onMessage = (data: unknown) => {
    if (isActivityMessage(data)) record(data.kind, Math.min(data.at, now()));
  };
  if (channel) channel.onmessage = (event: MessageEvent) => onMessage(event.data);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || !event.newValue) return;
    try {
      onMessage(JSON.parse(event.newValue));
    } catch {
      // Not ours.
    }
  };
  window.addEventListener('storage', onStorage);

  return {
    times: () => ({ ...times }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: () => {
      offApi();
      for (const type of USER_EVENTS) window.removeEventListener(type, onUserInput, { capture: true });
      window.removeEventListener('storage', onStorage);
      channel?.close();
      listeners.clear();
    },
  };
}
