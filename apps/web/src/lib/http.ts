/**
 * The app's one door to the network: RTK Query (lib/api.ts), the session client, the UI
 * settings sync and the public settings all call `appFetch`. It is also the one place that
 * reads a 401: any answer of 401 means the session is gone, so the session provider turns
 * unauthenticated and the route gate sends the user to /login. `http.test.ts` fails if a
 * second `fetch(` or 401 check appears elsewhere.
 */
const unauthorized = new EventTarget();

export function onUnauthorized(listener: () => void) {
  unauthorized.addEventListener('unauthorized', listener);
  return () => unauthorized.removeEventListener('unauthorized', listener);
}

/** `fetch` with same-origin credentials; a 401 answer is announced before it is returned. */
export async function appFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, { credentials: 'same-origin', ...init });
  if (response.status === 401) unauthorized.dispatchEvent(new Event('unauthorized'));
  return response;
}
