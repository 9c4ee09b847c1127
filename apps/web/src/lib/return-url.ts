import { START_PATH } from './start-page.ts';

export const LOGIN_PATH = '/login';

/**
 * Where a signed-out visit is sent: /login?returnUrl=<path+query+hash>, and plain
 * /login when the wanted page is the root path.
 */
export function loginRedirectPath(wanted: { pathname: string; search?: string; hash?: string }): string {
  const target = `${wanted.pathname}${wanted.search ?? ''}${wanted.hash ?? ''}`;
  if (target === '/' || target === '') return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ returnUrl: target })}`;
}

/**
 * Where /login sends a user once signed in (or at once, when already signed in): the page's
 * ?returnUrl, else its ?callbackUrl (Auth.js), when same-origin, else the first page the user
 * may open (START_PATH), never the landing page's "Go to Home".
 */
export function signInDestination(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeReturnUrl(params.get('returnUrl')) ?? safeReturnUrl(params.get('callbackUrl')) ?? START_PATH;
}

function hasControlOrBackslash(value: string) {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return true;
  }
  return false;
}

/**
 * Accepts only same-origin relative paths ("/merchant/sales?x=1"); anything else (other
 * origins, protocol-relative "//evil", backslash tricks, javascript:) gives undefined. A
 * same-origin absolute URL (Auth.js callbackUrl) is reduced to its path.
 */
export function safeReturnUrl(value: string | null | undefined, origin = window.location.origin): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (hasControlOrBackslash(trimmed)) return undefined;
  const isRelative = trimmed.startsWith('/') && !trimmed.startsWith('//');
  const isAbsolute = /^https?:\/\//i.test(trimmed);
  if (!isRelative && !isAbsolute) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Going "back" to the sign-in page itself would loop.
  if (url.pathname === LOGIN_PATH) return undefined;
  return path;
}
