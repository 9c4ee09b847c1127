/**
 * The tab channel: a sign-in, sign-out or update in one tab makes the others refetch.
 * (A 401 from any call is announced by lib/http.ts.)
 */

export type SessionBroadcast = { event: 'session'; trigger: 'signin' | 'signout' | 'update'; at: number };

const CHANNEL_NAME = 'boardwalk.session';
/** Fallback for browsers without BroadcastChannel: the storage event fires in the other tabs. */
const STORAGE_KEY = 'boardwalk.session-message';

export function broadcastSession(trigger: SessionBroadcast['trigger']) {
  const message: SessionBroadcast = { event: 'session', trigger, at: Date.now() };
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL_NAME);
    channel.postMessage(message);
    channel.close();
    return;
  }
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(message));
  } catch {
    // Storage full or disabled: other tabs catch up on their next visibility change.
  }
}

export function onSessionBroadcast(listener: (message: SessionBroadcast) => void) {
  const handle = (data: unknown) => {
    if (data && typeof data === 'object' && (data as SessionBroadcast).event === 'session') {
      listener(data as SessionBroadcast);
    }
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || !event.newValue) return;
    try {
      handle(JSON.parse(event.newValue));
    } catch {
      // Not ours.
    }
  };
  window.addEventListener('storage', onStorage);
  let channel: BroadcastChannel | undefined;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent) => handle(event.data);
  }
  return () => {
    window.removeEventListener('storage', onStorage);
    channel?.close();
  };
}
