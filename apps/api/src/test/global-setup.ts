import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { apiDocument } from '../lib/http/api-document.ts';
import { testDeps } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a tarball of a migrated PGlite data directory; '' on PostgreSQL runs. */
    pgliteTemplate: string;
    /** Path of the OpenAPI document the app serves, generated once for the run (document-check.ts). */
    openApiDocument: string;
  }
}

/**
 * Once per run: migrates one PGlite database that each test file loads a copy of (PGlite runs),
 * and writes the OpenAPI document every answer of the suite is checked against (harness.ts).
 */
export async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'boardwalk-api-tests-'));
  const database = await openDatabase({ kind: 'pglite' });
  const documentFile = path.join(dir, 'openapi.json');
  await writeFile(documentFile, JSON.stringify(apiDocument(createApp(testDeps(database)), 'test')));
  project.provide('openApiDocument', documentFile);
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
  } else {
    await database.migrate();
    const dump = await database.dumpDataDir!();
    const file = path.join(dir, 'migrated.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
  }
  await database.close();
  return () => rm(dir, { recursive: true, force: true });
}
