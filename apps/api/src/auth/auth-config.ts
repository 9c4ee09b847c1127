import type { AuthConfig } from '@hono/auth-js';
import { CredentialsSignin } from '@auth/core/errors';
import Credentials from '@auth/core/providers/credentials';
import { SESSION_MAX_AGE_HOURS } from '@boardwalk/shared';
import type { SessionData } from '@boardwalk/shared/schemas/user';
import type { Context } from 'hono';
import { writeAudit } from '../lib/audit.ts';
import { clientIp, servedOverHttps } from '../lib/forwarded.ts';
import type { AppEnv } from '../lib/context.ts';
import { authenticate, type SignInContext, type SignedInUser } from './authenticate.ts';
import { loadActiveSession, revokeSession, touchSession, type ActiveSession } from './session-store.ts';

export const AUTH_BASE_PATH = '/api/auth';

/**
 * Auth.js configuration for one request (it closes over the request for the client IP, the
 * injected clock and the database). JWT strategy, as credentials require; the token carries
 * only the user id (`sub`) and the session row id (`sid`), and every use of the token is
 * checked against that row, so revocation, idle timeout and the 12 h limit apply to Auth.js's
 * own session endpoint as well as to the API (auth/resolve-actor.ts).
 */
export function buildAuthConfig(
  c: Context<AppEnv>,
  limits: Pick<SignInContext, 'limiter' | 'unknownEmails' | 'onRateLimited'>,
): AuthConfig {
  const deps = c.get('deps');
  const db = c.get('db');
  const log = c.get('log');
  const now = () => deps.now?.() ?? new Date();
  let active: ActiveSession | null = null;
  const secure = servedOverHttps(c);

  return {
    basePath: AUTH_BASE_PATH,
    secret: deps.secrets.authSecret,
    trustHost: true,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_HOURS * 60 * 60 },
    pages: { signIn: '/login', error: '/login' },
    useSecureCookies: secure,
    cookies: {
      sessionToken: {
        name: sessionCookieName(secure),
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure },
      },
    },
    providers: [
      Credentials({
        // `code` (authenticator or recovery code) is sent with the password again after the
        // first attempt answered `mfa_required` (docs/decisions/015-mfa-sign-in.md).
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
          code: { label: 'Code', type: 'text' },
        },
        authorize: (credentials) =>
          authenticate(credentials, {
            db,
            now: now(),
            ip: clientIp(c),
            userAgent: c.req.header('user-agent') ?? null,
            encryptionKey: deps.secrets.encryptionKey,
            ...limits,
          }),
      }),
    ],
    callbacks: {
      jwt: async ({ token, user }) => {
        if (user) {
          const signedIn = user as SignedInUser;
          return {
            sub: signedIn.id,
            sid: signedIn.sessionId,
            name: signedIn.name,
            email: signedIn.email,
            picture: signedIn.image,
          };
        }
        const sid = typeof token.sid === 'string' ? token.sid : null;
        if (!sid) return null;
        active = await loadActiveSession(db, sid, now());
        if (!active || active.user.id !== token.sub) return null;
        await touchSession(db, active, now());
        return { ...token, name: displayName(active), email: active.user.email, picture: active.user.image };
      },
      session: ({ session }) => {
        if (!active) return session;
        const body: NonNullable<SessionData> = {
          user: {
            id: active.user.id,
            email: active.user.email,
            name: displayName(active),
            role: active.user.role,
            image: active.user.image,
            mustChangePassword: active.user.mustChangePassword,
            mustEnrollMfa: active.user.mustEnrollMfa,
          },
          expires: active.expiresAt.toISOString(),
        };
        return body;
      },
    },
    events: {
      signOut: async (message) => {
        const token = 'token' in message ? message.token : null;
        const sid = typeof token?.sid === 'string' ? token.sid : null;
        if (!sid) return;
        const revoked = await revokeSession(db, sid, now());
        await writeAudit(db, {
          action: 'auth.sign_out',
          outcome: 'success',
          actorUserId: typeof token?.sub === 'string' ? token.sub : null,
          subjectType: 'session',
          subjectId: sid,
          changes: { revoked },
          ip: clientIp(c),
        });
      },
    },
    logger: {
      error: (error) => {
        if (error instanceof CredentialsSignin) log.info({ code: error.code }, 'sign-in refused');
        else if (error.name === 'JWTSessionError' || error.name === 'MissingCSRF')
          log.warn({ err: error }, 'auth request refused');
        else log.error({ err: error }, 'auth error');
      },
      warn: (code) => log.warn({ code }, 'auth warning'),
      debug: (message, metadata) => log.debug({ metadata }, message),
    },
  };
}

/** `__Host-` over HTTPS: Secure, Path=/, no Domain, so no subdomain can set it. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-authjs.session-token' : 'authjs.session-token';
}

function displayName(active: ActiveSession): string {
  const u = active.user;
  return u.displayName || `${u.firstName} ${u.lastName}`.trim() || u.email;
}
