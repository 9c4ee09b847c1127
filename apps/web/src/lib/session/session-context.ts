import { createContext } from 'react';
import type { Session, SignInResult } from './session-client.ts';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export type SessionContextValue = {
  data: Session | null;
  status: SessionStatus;
  /** True after this tab's own sign-out: the gate then goes to / without a returnUrl. */
  signedOut: boolean;
  /**
   * True when this tab's session ended without its own sign-out (idle limit, revoked, signed
   * out elsewhere): status stays 'authenticated' and data stays, so the page and what was typed
   * stay on screen while the session guard asks the user to sign in again.
   */
  ended: boolean;
  /** Marks the session as ended (the idle countdown ran out). */
  markEnded: () => void;
  /** Clears signedOut once the user has arrived somewhere they may be (the gate calls it). */
  clearSignedOut: () => void;
  /** With data: POST it to the session endpoint (Auth.js update). Without: refetch. */
  update: (data?: unknown) => Promise<Session | null>;
  signIn: (input: { email: string; password: string; code?: string; callbackUrl: string }) => Promise<SignInResult>;
  /** Revokes the session on the server; the caller navigates (to / without a returnUrl). */
  signOut: () => Promise<void>;
};

export const SessionContext = createContext<SessionContextValue | undefined>(undefined);
