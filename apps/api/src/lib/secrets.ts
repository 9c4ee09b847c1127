import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Secrets } from './context.ts';
import { makePrivateDir } from '../db/private-files.ts';

/**
 * Embedded mode generates the auth secret and encryption key once and keeps them in DATA_DIR
 * (mode 0600), so sessions and encrypted fields survive a restart. With DATABASE_URL they are
 * required from the environment (config.ts enforces that).
 */
export function loadOrCreateSecrets(config: Config): Secrets {
  if (config.authSecret && config.encryptionKey) {
    return { authSecret: config.authSecret, encryptionKey: config.encryptionKey };
  }
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    authSecret: config.authSecret ?? stored.authSecret ?? randomBytes(32).toString('base64url'),
    encryptionKey: config.encryptionKey ?? stored.encryptionKey ?? randomBytes(32).toString('hex'),
  };
  if (secrets.authSecret !== stored.authSecret || secrets.encryptionKey !== stored.encryptionKey) {
    makePrivateDir(config.dataDir);
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}
