import fs, { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './client.ts';

/**
 * Decision 014: an acknowledged commit on the embedded database reaches the disk. PGlite's
 * defaults run the server with fsync off and drop its fsync calls; openDatabase turns fsync on
 * and forwards the calls to the OS. bench/pglite-durability.ts counts them with strace.
 */
describe('embedded database on a data directory: durable commits', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'boardwalk-durability-'));
    database = await openDatabase({ kind: 'pglite', dataDir: dir });
    await database.db.execute(sql`create table durability_probe (id serial primary key, note text not null)`);
  });

  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the server with fsync on, the WAL flushed by fsync()', async () => {
    const setting = async (name: string) => {
      const result = await database.db.execute(sql`select setting from pg_settings where name = ${name}`);
      return (result as { rows: { setting: string }[] }).rows[0]?.setting;
    };
    expect(await setting('fsync')).toBe('on');
    expect(await setting('synchronous_commit')).toBe('on');
    expect(await setting('wal_sync_method')).toBe('fsync');
    expect(await setting('full_page_writes')).toBe('on');
  });

  it('fsyncs to the OS before a commit is acknowledged', async () => {
    const spy = vi.spyOn(fs, 'fsyncSync');
    try {
      for (let i = 0; i < 3; i++) {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into durability_probe (note) values (${`row ${i}`})`);
        });
        expect(spy).toHaveBeenCalledTimes(i + 1);
      }
    } finally {
      spy.mockRestore();
    }
  });
});
