import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the api-pg pass runs against (scripts/test.sh sets it), if any. */
export const testServerUrl: string | undefined = process.env.TEST_DATABASE_URL;

/** An empty database on that server, for tests that need one un-migrated; drop() removes it. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bw_scratch_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
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
