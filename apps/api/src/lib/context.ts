import type { Role } from '@boardwalk/shared';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Logger } from './logger.ts';

/** Who is making the request, resolved from the session cookie (or later, an API token). */
export type Actor = {
  type: 'user';
  userId: string;
  role: Role;
  sessionId: string;
};

export type Secrets = {
  authSecret: string;
  encryptionKey: string;
};

/** Everything createApp needs; nothing global. */
export type AppDeps = {
  config: Config;
  database: Database;
  logger: Logger;
  secrets: Secrets;
  version: string;
  /** Injected clock, so tests can move time (idle timeout, lock-out) without waiting. */
  now?: () => Date;
};

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    db: Db;
    deps: AppDeps;
    actor: Actor | null;
  };
};
