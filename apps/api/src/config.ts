import { join } from 'node:path';
import { z } from 'zod';
import type { SmsGatewayConfig } from './lib/sms/sms-gateway.ts';

/** true/false/1/0, or unset (undefined). */
const optionalFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  DOCUMENTS_DIR: z.string().min(1).optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'ENCRYPTION_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  SMTP_URL: z.string().optional(),
  /** The operator's SMS gateway (docs/decisions/115): POST { to, text } as JSON; unset, no codes by SMS. */
  SMS_GATEWAY_URL: z.url().optional(),
  /** Sent as `Authorization: Bearer <token>`. */
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  /** Basic auth instead of a token. */
  SMS_GATEWAY_USER: z.string().min(1).optional(),
  SMS_GATEWAY_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_SEED: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  DEMO_PASSWORD: z.string().optional(),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  READ_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  JOB_WORKERS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  OUTBOUND_ALLOW_PRIVATE_NETWORKS: optionalFlag,
  /** The older name of OUTBOUND_ALLOW_PRIVATE_NETWORKS (decision 044), still read when the new one is unset. */
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: optionalFlag,
  /** The operator's own PKCS#12 for signing application PDFs (docs/decisions/107); unset: the portal's own. */
  SIGNING_P12_FILE: z.string().min(1).optional(),
  SIGNING_P12_PASSWORD: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Every environment variable the server reads (the README's configuration table lists them). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as (keyof Env)[];

export type Config = {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Where merchant documents are kept (DATA_DIR/documents unless DOCUMENTS_DIR says otherwise):
   * with several API processes, a directory they all mount (decision 023).
   */
  documentsDir: string;
  /** The operator's PKCS#12 for the signed application PDFs, and its password (docs/decisions/107). */
  signingP12File?: string | undefined;
  signingP12Password?: string;
  authSecret: string | undefined;
  encryptionKey: string | undefined;
  smtpUrl: string | undefined;
  /** The SMS gateway one-time codes may go through (docs/decisions/115); undefined: email only. */
  sms?: SmsGatewayConfig | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Demo users and demo data: on by default with the embedded database, off with PostgreSQL. */
  demoSeed: boolean;
  demoPassword: string | undefined;
  webDist: string | undefined;
  publicUrl: string | undefined;
  /**
   * Believe X-Forwarded-For/-Proto/-Host (one reverse proxy in front sets them). Off by
   * default: anyone can send those headers, so without a proxy they are ignored.
   */
  trustProxy: boolean;
  /**
   * Run the job workers inside the API process (the default). Off for API processes when
   * `npm run worker` processes do the work (scale-out on PostgreSQL, decision 016).
   */
  jobWorkers: boolean;
  /**
   * How long a process may reuse a session check it read from the database (decision 027): the
   * bound within which a session ended by another process stops working here. 0: every request
   * reads the session row.
   */
  sessionCacheMs: number;
  /**
   * Memory for the merchant list, search and view answers kept per process (decision 052),
   * invalidated by the database's notifications. 0 turns the cache off.
   */
  readCacheMb: number;
  /**
   * Let outbound connections whose destination users type (webhooks, the SMTP setting's host)
   * reach loopback, private and link-local addresses (a partner system or a mail relay on the
   * LAN). Off by default: they must not reach this host or its network (decisions 044, 073).
   * OUTBOUND_ALLOW_PRIVATE_NETWORKS, else its older name WEBHOOK_ALLOW_PRIVATE_NETWORKS.
   */
  outboundAllowPrivateNetworks: boolean;
};

/** A bad or missing setting: the message says which and why, so start-up prints only that. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The only place that reads process.env. Throws a ConfigError for a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && (!e.AUTH_SECRET || !e.ENCRYPTION_KEY)) {
    throw new ConfigError('Invalid configuration: AUTH_SECRET and ENCRYPTION_KEY are required with DATABASE_URL');
  }
  return {
    sms: smsGateway(e),
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    documentsDir: e.DOCUMENTS_DIR ?? join(e.DATA_DIR, 'documents'),
    authSecret: e.AUTH_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    smtpUrl: e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    demoSeed: e.DEMO_SEED ?? !e.DATABASE_URL,
    demoPassword: e.DEMO_PASSWORD,
    webDist: e.WEB_DIST,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    jobWorkers: e.JOB_WORKERS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    readCacheMb: e.READ_CACHE_MB,
    signingP12File: e.SIGNING_P12_FILE,
    signingP12Password: e.SIGNING_P12_PASSWORD ?? '',
    outboundAllowPrivateNetworks: e.OUTBOUND_ALLOW_PRIVATE_NETWORKS ?? e.WEBHOOK_ALLOW_PRIVATE_NETWORKS ?? false,
  };
}

/** SMS_GATEWAY_* as the gateway's URL and Authorization header; a half-configured one is an error. */
function smsGateway(e: Env): SmsGatewayConfig | undefined {
  const fail = (why: string) => new ConfigError(`Invalid configuration: ${why}`);
  if (!e.SMS_GATEWAY_URL) {
    if (e.SMS_GATEWAY_TOKEN || e.SMS_GATEWAY_USER)
      throw fail('SMS_GATEWAY_TOKEN and SMS_GATEWAY_USER need SMS_GATEWAY_URL');
    return undefined;
  }
  const url = new URL(e.SMS_GATEWAY_URL);
  if (!/^https?:$/.test(url.protocol)) throw fail('SMS_GATEWAY_URL must be http(s)');
  // Credentials go in their own variables: a URL is logged and shown where a secret must not be.
  if (url.username || url.password) throw fail('SMS_GATEWAY_URL must not carry a user name or password');
  if (e.SMS_GATEWAY_TOKEN && e.SMS_GATEWAY_USER) throw fail('set SMS_GATEWAY_TOKEN or SMS_GATEWAY_USER, not both');
  if (e.SMS_GATEWAY_PASSWORD !== undefined && !e.SMS_GATEWAY_USER)
    throw fail('SMS_GATEWAY_PASSWORD needs SMS_GATEWAY_USER');
  const basic = e.SMS_GATEWAY_USER
    ? `Basic ${Buffer.from(`${e.SMS_GATEWAY_USER}:${e.SMS_GATEWAY_PASSWORD ?? ''}`).toString('base64')}`
    : null;
  const authorization = e.SMS_GATEWAY_TOKEN ? `Bearer ${e.SMS_GATEWAY_TOKEN}` : basic;
  return { url: e.SMS_GATEWAY_URL, authorization };
}

/**
 * The configuration with DATA_DIR replaced (the backup and restore commands' --data-dir), so what
 * follows from it (the documents directory, unless DOCUMENTS_DIR is set) follows it too.
 */
export function loadConfigWithDataDir(dataDir: string | undefined, env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(dataDir === undefined ? env : { ...env, DATA_DIR: dataDir });
}
