import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { apiDocument } from '../lib/http/api-document.ts';
import { createLogger } from '../lib/logger.ts';
import { testDeps } from './harness.ts';
import { createScratchDatabase } from './scratch-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a tarball of a migrated PGlite data directory; '' on PostgreSQL runs. */
    pgliteTemplate: string;
    /** Name of a migrated PostgreSQL database each test file copies (CREATE DATABASE … TEMPLATE); '' on PGlite runs. */
    postgresTemplate: string;
    /** Path of the OpenAPI document the app serves, generated once for the run (document-check.ts). */
    openApiDocument: string;
  }
}

/**
 * Once per run:
 * - writes the OpenAPI document every answer of the suite is checked against (harness.ts);
 * - migrates one database that each test file starts from a copy of, which is much faster than
 *   migrating per file: on PGlite a tarball of the data directory, on PostgreSQL a template
 *   database (decision 031).
 */
export async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'boardwalk-api-tests-'));
  const removeDir = () => rm(dir, { recursive: true, force: true });
  const pglite = await openDatabase({ kind: 'pglite' });
  const documentFile = path.join(dir, 'openapi.json');
  await writeFile(documentFile, JSON.stringify(apiDocument(createApp(testDeps(pglite)), 'test')));
  project.provide('openApiDocument', documentFile);

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    await pglite.close();
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
    return async () => {
      await template.drop();
      await removeDir();
    };
  }
  project.provide('postgresTemplate', '');
  await pglite.migrate();
  const dump = await pglite.dumpDataDir!();
  await pglite.close();
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return removeDir;
}
