import type { ActiveSession } from './session-store.ts';

/** How many sessions (and cookies) one process keeps; past that the cache starts again empty. */
const MAX_ENTRIES = 10_000;

/** What a session cookie says once decrypted: the session row it names and whose it is. */
export type SessionToken = { sid: string; sub: string; expiresAtMs: number };

/**
 * A short-lived, in-process cache of the session check (decision 027). Without it every request
 * decrypted the cookie (HKDF + JWE, ~1 ms of CPU) and read the session row, about a third of the
 * CPU of a list page.
 *
 * - Cookies: what a cookie decrypts to never changes, so it is kept until the token expires.
 * - Sessions: a session row read from the database is reused for at most `ttlMs`; a hit is
 *   checked again against its absolute expiry and the idle timeout, and falls through to the
 *   database when either has run out. So a change made elsewhere (another API process, a
 *   command-line tool, a hand-written UPDATE) takes effect within `ttlMs`.
 * - In this process a change takes effect at once: every request that may write (any method but
 *   GET, HEAD and OPTIONS: sign-out, suspension, role or password change, "end session", MFA,
 *   settings) empties the cache when it has been answered, after its transaction committed.
 *   A read that started before that and ends after it is not stored (the epoch moved on).
 */
export class SessionCache {
  readonly #sessions = new Map<string, { session: ActiveSession; storedAt: number }>();
  readonly #tokens = new Map<string, SessionToken>();
  #epoch = 0;
  readonly ttlMs: number;
  readonly #clock: () => number;

  /** `ttlMs` 0 turns the session part off (every request reads the row); `clock` in ms, monotonic. */
  constructor(ttlMs: number, clock: () => number = () => performance.now()) {
    this.ttlMs = ttlMs;
    this.#clock = clock;
  }

  token(cookie: string): SessionToken | undefined {
    const token = this.#tokens.get(cookie);
    if (token && token.expiresAtMs <= Date.now()) {
      this.#tokens.delete(cookie);
      return undefined;
    }
    return token;
  }

  storeToken(cookie: string, token: SessionToken): void {
    if (this.#tokens.size >= MAX_ENTRIES) this.#tokens.clear();
    this.#tokens.set(cookie, token);
  }

  /** The cached session if it was read less than ttlMs ago and is still within its expiry and idle time at `now`. */
  session(sessionId: string, now: Date): ActiveSession | undefined {
    const entry = this.#sessions.get(sessionId);
    if (!entry) return undefined;
    const age = this.#clock() - entry.storedAt;
    const { session } = entry;
    const t = now.getTime();
    if (
      age < 0 ||
      age >= this.ttlMs ||
      session.expiresAt.getTime() <= t ||
      t - session.lastSeenAt.getTime() > session.idleMs
    ) {
      this.#sessions.delete(sessionId);
      return undefined;
    }
    return session;
  }

  /** The epoch to hand back to storeSession: read it before reading the session row. */
  get epoch(): number {
    return this.#epoch;
  }

  storeSession(session: ActiveSession, epochBeforeRead: number): void {
    if (this.ttlMs <= 0 || epochBeforeRead !== this.#epoch) return;
    if (this.#sessions.size >= MAX_ENTRIES) this.#sessions.clear();
    this.#sessions.set(session.sessionId, { session, storedAt: this.#clock() });
  }

  /** Forgets every session read so far (the cookies stay: they only name sessions). */
  invalidate(): void {
    this.#epoch++;
    this.#sessions.clear();
  }
}
