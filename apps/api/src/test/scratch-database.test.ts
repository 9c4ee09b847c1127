import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase, testServerUrl } from './scratch-database.ts';

async function databaseExists(name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: testServerUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rows.length === 1;
  } finally {
    await admin.end();
  }
}

// Scratch databases exist on the api-pg pass only (PGlite runs need none).
describe.skipIf(!testServerUrl)('scratch databases', () => {
  it('drop() removes a database that a connection of this role was left open on', async () => {
    const scratch = await createScratchDatabase(testServerUrl!);
    const leftover = new pg.Client({ connectionString: scratch.url });
    leftover.on('error', () => {}); // its end is the point of the test
    await leftover.connect();
    await leftover.query('CREATE TABLE t (n int); INSERT INTO t SELECT generate_series(1, 1000)');

    await scratch.drop();

    expect(await databaseExists(scratch.name)).toBe(false);
    await expect(leftover.query('SELECT 1')).rejects.toThrow();
    await leftover.end().catch(() => {});
  });
});
