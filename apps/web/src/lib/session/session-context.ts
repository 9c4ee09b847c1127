import { createContext } from 'react';
import type { Session, SignInResult } from './session-client.ts';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export type SessionContextValue = {
  data: Session | null;
  status: SessionStatus;
  /** True after this tab's own sign-out: the gate then goes to / without a returnUrl (SPEC §4). */
  signedOut: boolean;
  /** Clears signedOut once the user has arrived somewhere they may be (the gate calls it). */
  clearSignedOut: () => void;
  /** With data: POST it to the session endpoint (Auth.js update). Without: refetch. */
  update: (data?: unknown) => Promise<Session | null>;
  signIn: (input: { email: string; password: string; code?: string; callbackUrl: string }) => Promise<SignInResult>;
  /** Revokes the session on the server; the caller navigates (to / without a returnUrl). */
  signOut: () => Promise<void>;
};

export const SessionContext = createContext<SessionContextValue | undefined>(undefined);
