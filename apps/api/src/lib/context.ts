import type { SigningCertificate } from './signing-certificate.ts';
import type { Role, TokenScopes } from '@boardwalk/shared';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Logger } from './logger.ts';
import type { JobSender } from './jobs/job-sender.ts';
import type { UsageLog } from './usage-log.ts';
import type { UnwritableFields } from './http/unwritable-field-types.ts';

/** Who is making the request: a user by the session cookie, or an API token acting for its creator. */
export type Actor = UserActor | TokenActor;

export type UserActor = {
  type: 'user';
  userId: string;
  role: Role;
  sessionId: string;
};

/**
 * `Authorization: Bearer bw_live_…` (docs/decisions/033-api-tokens-and-scopes.md): the creator's
 * id and current role, narrowed by the token's scopes in authorize().
 */
export type TokenActor = {
  type: 'token';
  userId: string;
  role: Role;
  tokenId: string;
  scopes: TokenScopes;
  sessionId?: undefined;
};

export type Secrets = {
  authSecret: string;
  encryptionKey: string;
  /** The certificate that signs application PDFs (docs/decisions/107); tests make one when absent. */
  signing?: SigningCertificate;
};

/** Everything createApp needs; nothing global. */
export type AppDeps = {
  config: Config;
  database: Database;
  logger: Logger;
  secrets: Secrets;
  version: string;
  /** The batched API usage log (lib/usage-log.ts); createApp makes one when absent. */
  usageLog?: UsageLog;
  /** Injected clock, so tests can move time (idle timeout, lock-out) without waiting. */
  now?: () => Date;
  /** The job engine's sender (lib/jobs/job-sender.ts); absent when this process runs no engine. */
  jobs?: JobSender;
};

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    db: Db;
    deps: AppDeps;
    actor: Actor | null;
    /** Set by a PATCH route: how its validation 400 words the fields it does not write. */
    unwritableFields: UnwritableFields | undefined;
  };
};
