import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the api-pg pass runs against (scripts/test.sh sets it), if any. */
export const testServerUrl: string | undefined = process.env.TEST_DATABASE_URL;

/**
 * A new database on that server: empty, for tests that need one un-migrated, or a copy of a
 * template database (the harness copies the one global-setup.ts migrated); drop() removes it.
 */
export async function createScratchDatabase(
  serverUrl: string,
  options: { template?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `bw_scratch_${randomBytes(6).toString('hex')}`;
  const template = options.template ? ` TEMPLATE ${pg.escapeIdentifier(options.template)}` : '';
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}${template}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function withAdmin(serverUrl: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await run(admin);
  } finally {
    await admin.end();
  }
}
