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
    drop: () => withAdmin(serverUrl, (admin) => dropDatabase(admin, name)),
  };
}

/**
 * Ends this role's own connections that are left on the database, then drops it. Not `WITH
 * (FORCE)`: that refuses a non-superuser as soon as an autovacuum worker happens to be on the
 * database ("must be a member of the role whose process is being terminated"), which failed CI
 * after a test file that writes a lot. A plain DROP cancels autovacuum itself.
 */
async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = $1 AND usename = current_user AND pid <> pg_backend_pid()`,
    [name],
  );
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
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
