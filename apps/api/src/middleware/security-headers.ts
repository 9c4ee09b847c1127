import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { servedOverHttps } from '../lib/forwarded.ts';
import { setResponseHeader } from '../lib/http/response-header.ts';

/** CSP for a same-origin SPA: scripts and styles from us only (MUI's emotion needs inline styles). */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"], // no <base> at all: an injected one would redirect relative URLs
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The CSP of the SPA's page: the one every answer gets, and the inline scripts of index.html
 * by their SHA-256 (base64), which nothing else may run (decision 069).
 */
export function pageContentSecurityPolicy(inlineScriptHashes: string[]): string {
  const directives = {
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...inlineScriptHashes.map((hash) => `'sha256-${hash}'`)],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The headers of an answer written by the HTTP server itself, before the app (http-server.ts: a
 * request Node cannot parse). The app's answers get them, and more, from securityHeaders().
 */
export const RAW_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': pageContentSecurityPolicy([]),
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cache-Control': 'no-store',
};

export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: CSP_DIRECTIVES,
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: false, // hsts() below: only when served over HTTPS
    crossOriginEmbedderPolicy: false,
    // A route that sets one of these itself keeps its own (the document preview: a stricter CSP,
    // framed by our own page only); every other answer gets the values above.
    overwrite: false,
  });

/** HSTS only over HTTPS: sent over plain HTTP on localhost it would pin the browser to HTTPS. */
export const hsts = () =>
  createMiddleware(async (c, next) => {
    await next();
    if (servedOverHttps(c)) setResponseHeader(c, 'Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });

/**
 * API answers hold personal and cardholder-adjacent data: no browser or proxy may keep them
 *. Set after the handler and over any value it chose, so error answers, Auth.js and
 * early refusals (413 from the body limit, registered after this) carry it too. The hashed
 * static assets are outside /api and /apps and keep their long cache.
 */
export const noStore = () =>
  createMiddleware(async (c, next) => {
    await next();
    setResponseHeader(c, 'Cache-Control', 'no-store');
  });
