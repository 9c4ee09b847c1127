import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { createLogger } from '../lib/logger.ts';
import { createScratchDatabase } from './scratch-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a tarball of a migrated PGlite data directory; '' on PostgreSQL runs. */
    pgliteTemplate: string;
    /** Name of a migrated PostgreSQL database each test file copies (CREATE DATABASE … TEMPLATE); '' on PGlite runs. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database for the whole run; each test file starts from a copy of it, which is much
 * faster than migrating per file: on PGlite a tarball of the data directory, on PostgreSQL a
 * template database (decision 031).
 */
export async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteTemplate', '');
    const template = await createScratchDatabase(serverUrl);
    const database = await openDatabase({
      kind: 'postgres',
      url: template.url,
      max: 1,
      logger: createLogger('silent'),
    });
    try {
      await database.migrate();
    } finally {
      // No connection may stay open on a template while it is copied.
      await database.close();
    }
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  project.provide('postgresTemplate', '');
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const dump = await database.dumpDataDir!();
  await database.close();
  const dir = await mkdtemp(path.join(tmpdir(), 'boardwalk-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
