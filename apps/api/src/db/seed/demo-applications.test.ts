import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveState } from '../../domain/applications/application-state.ts';
import { verifySignedPdf } from '../../domain/applications/application-pdf-verify.ts';
import { documentStoreOf } from '../../lib/documents/store-of.ts';
import { makeSigningCertificate } from '../../lib/signing-certificate.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { applicationRequests } from '../schema/application-requests.ts';
import { applicationSubmissions } from '../schema/application-signers.ts';
import { merchantDocuments } from '../schema/merchants.ts';
import { DEMO_APPLICATION_STATES, seedDemoApplications } from './demo-applications.ts';
import { seedIfEmpty } from './run.ts';

const KEY = '0'.repeat(64);

describe('demo application requests', () => {
  let t: TestApp;
  let documentsDir: string;
  const signing = makeSigningCertificate('Boardwalk demo test');
  const now = new Date();
  beforeAll(async () => {
    t = await createTestApp();
    documentsDir = mkdtempSync(path.join(tmpdir(), 'bw-demo-apps-'));
    await seedIfEmpty(
      t.db,
      {
        demoSeed: true,
        demoPassword: 'demo-password-2024',
        encryptionKey: KEY,
        documentsDir,
        serverSecret: 's',
        signing,
      },
      now,
    );
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(documentsDir, { recursive: true, force: true });
  });

  it('has one request in each state, the signed one with a signed PDF that verifies', async () => {
    const rows = await t.db.select().from(applicationRequests);
    expect(rows.map((r) => effectiveState(r, now)).sort()).toEqual([...DEMO_APPLICATION_STATES].sort());
    const inProgress = rows.find((r) => r.state === 'in_progress')!;
    // A partly filled draft: the first steps saved, the banking and owners not yet.
    expect(Object.keys(inProgress.draft)).toEqual(expect.arrayContaining(['business', 'contact']));
    expect(inProgress.draft).not.toHaveProperty('owners');

    const signed = rows.find((r) => r.state === 'signed')!;
    const [submission] = await t.db
      .select()
      .from(applicationSubmissions)
      .where(eq(applicationSubmissions.requestId, signed.id));
    const [doc] = await t.db
      .select()
      .from(merchantDocuments)
      .where(eq(merchantDocuments.id, submission!.signedDocumentId!));
    expect(doc).toMatchObject({ merchantId: signed.merchantId, type: 'application', mimeType: 'application/pdf' });
    const pdf = await buffer(await documentStoreOf({ documentsDir }).get(doc!.storageKey));
    expect(verifySignedPdf(pdf, signing.certificatePem)).toMatchObject({ ok: true, currentCertificate: true });
  });

  it('seeds them once', async () => {
    const before = await t.db.select({ id: applicationRequests.id }).from(applicationRequests);
    await seedDemoApplications(t.db, { now, encryptionKey: KEY, serverSecret: 's', signing, documentsDir });
    expect(await t.db.select({ id: applicationRequests.id }).from(applicationRequests)).toHaveLength(before.length);
  });
});
