import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureOf } from '../../lib/documents/file-signature.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertTestMerchant } from '../../test/test-merchant.ts';
import { merchantDocuments, merchantEvents } from '../schema/merchants.ts';
import { seedDemoDocuments } from './demo-documents.ts';

describe('demo documents seed', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dir = await mkdtemp(join(tmpdir(), 'boardwalk-demo-documents-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('does nothing without merchants, then stores a PDF for each of the first merchants and a PNG for every other', async () => {
    await seedDemoDocuments(t.db, { now: new Date(), documentsDir: dir });
    expect(await t.db.select().from(merchantDocuments)).toEqual([]);
    expect(await readdir(dir)).toEqual([]);

    const first = await insertTestMerchant(t, { createdAt: new Date('2026-01-01T00:00:00Z') });
    await insertTestMerchant(t, { createdAt: new Date('2026-01-02T00:00:00Z') });
    await seedDemoDocuments(t.db, { now: new Date(), documentsDir: dir });

    const rows = await t.db.select().from(merchantDocuments);
    expect(rows.map((r) => r.mimeType).sort()).toEqual(['application/pdf', 'application/pdf', 'image/png']);
    for (const row of rows) {
      const bytes = await readFile(join(dir, row.storageKey.slice(-2), row.storageKey));
      expect(bytes.length).toBe(row.sizeBytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
      expect(signatureOf(bytes)).toBe(row.mimeType === 'image/png' ? 'png' : 'pdf');
    }
    const events = await t.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, first.id));
    expect(events.map((e) => e.type)).toEqual(['document_added', 'document_added']);
  });
});
