/**
 * The app's one door to the network: RTK Query (lib/api.ts), the session client, the UI
 * settings sync and the public settings all call `appFetch`. It is also the one place that
 * reads a 401: any answer of 401 means the session is gone, so the session provider learns of
 * it. `http.test.ts` fails if a second `fetch(` or 401 check appears elsewhere.
 *
 * Two more jobs follow from being the one door ("nothing typed is lost"):
 * - every answer from a call that touches the session is announced as activity, which the idle
 *   warning counts from;
 * - while a signed-in page holds 401s (`holdUnauthorized`), a 401 is not handed back: the call
 *   waits until the user has signed in again in a dialog and is then sent once more, so a Save
 *   that met an ended session succeeds with what was typed.
 */
const events = new EventTarget();

export function onUnauthorized(listener: () => void) {
  events.addEventListener('unauthorized', listener);
  return () => events.removeEventListener('unauthorized', listener);
}

/** Calls that do not touch the session on the server, so they say nothing about idleness. */
const NOT_SESSION_ACTIVITY = [
  /^\/api\/auth\/(csrf|providers|_log|callback|signin|signout)\b/,
  /^\/api\/settings\/public$/,
];

/** The part of /api/auth that a 401 there is about the sign-in itself, never worth a retry. */
const AUTH_PATH = /^\/api\/auth\//;

function pathOf(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url, window.location.origin).pathname;
}

/** A call answered by the server with the session in use (the server marked it active). */
export function onApiActivity(listener: (at: number) => void) {
  const handle = (event: Event) => listener((event as CustomEvent<number>).detail);
  events.addEventListener('activity', handle);
  return () => events.removeEventListener('activity', handle);
}

export type HeldOutcome = 'retry' | 'give-up';

let holding = false;
let held: Array<(outcome: HeldOutcome) => void> = [];

/**
 * While on, a 401 from a non-auth call waits for `releaseHeld` instead of being returned. The
 * session guard turns it on for a signed-in page; a first visit without a session keeps the
 * plain 401 path (the route gate sends it to /login).
 */
export function holdUnauthorized(on: boolean) {
  holding = on;
  if (!on) releaseHeld('give-up');
}

/** How many calls wait for a new sign-in. */
export function heldCount(): number {
  return held.length;
}

/** 'retry' sends the held calls again (same user signed in); 'give-up' hands them their 401. */
export function releaseHeld(outcome: HeldOutcome) {
  const waiting = held;
  held = [];
  for (const resolve of waiting) resolve(outcome);
}

/** `fetch` with same-origin credentials; a 401 answer is announced before it is returned. */
export async function appFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = pathOf(input);
  // A Request's body can be read once: keep a copy for the retry after a new sign-in.
  const again = input instanceof Request ? input.clone() : input;
  const response = await fetch(input, { credentials: 'same-origin', ...init });
  if (response.status !== 401) {
    if (!NOT_SESSION_ACTIVITY.some((pattern) => pattern.test(path))) {
      events.dispatchEvent(new CustomEvent('activity', { detail: Date.now() }));
    }
    return response;
  }
  const hold = holding && !AUTH_PATH.test(path);
  events.dispatchEvent(new Event('unauthorized'));
  if (!hold) return response;
  const outcome = await new Promise<HeldOutcome>((resolve) => held.push(resolve));
  return outcome === 'retry' ? appFetch(again, init) : response;
}

export type UploadProgress = { loaded: number; total: number };

/** The answer to an upload. */
export type UploadAnswer = { status: number; data: unknown };

/** A failed upload, shaped like RTK Query's errors (`status`, `data`), so lib/problem.ts reads it alike. */
export class UploadError extends Error {
  readonly status: number | 'FETCH_ERROR' | 'ABORTED';
  readonly data: unknown;
  constructor(status: UploadError['status'], data?: unknown) {
    super(`upload failed: ${status}`);
    this.status = status;
    this.data = data;
  }
}

/**
 * A form POST that reports upload progress, which fetch cannot: XMLHttpRequest, the one
 * exception to appFetch (merchant documents). It keeps appFetch's 401 rule: a 401 is announced
 * to the session provider. It is not held for a new sign-in: the file would have to be read
 * again, so the user sends it again once signed in. Rejects with an UploadError: the status and
 * the problem JSON for an error answer, 'FETCH_ERROR' when the server was not reached, 'ABORTED'
 * when `signal` aborted it.
 */
export function appUpload(
  url: string,
  form: FormData,
  options: { reportProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json, application/problem+json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.reportProgress?.({ loaded: event.loaded, total: event.total });
    });
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status === 401) events.dispatchEvent(new Event('unauthorized'));
      else events.dispatchEvent(new CustomEvent('activity', { detail: Date.now() }));
      if (xhr.status >= 200 && xhr.status < 300) resolve({ status: xhr.status, data });
      else reject(new UploadError(xhr.status, data));
    };
    xhr.onerror = () => reject(new UploadError('FETCH_ERROR'));
    xhr.onabort = () => reject(new UploadError('ABORTED'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
