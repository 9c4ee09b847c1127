import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { servedOverHttps } from '../lib/served-over-https.ts';

/** CSP for a same-origin SPA: scripts and styles from us only (MUI's emotion needs inline styles). */
export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: false, // hsts() below: only when served over HTTPS
    crossOriginEmbedderPolicy: false,
  });

/** HSTS only over HTTPS: sent over plain HTTP on localhost it would pin the browser to HTTPS. */
export const hsts = () =>
  createMiddleware(async (c, next) => {
    await next();
    if (servedOverHttps(c)) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
