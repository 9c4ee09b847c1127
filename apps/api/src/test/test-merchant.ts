import { randomUUID } from 'node:crypto';
import { merchants } from '../db/schema/merchants.ts';
import { stages } from '../db/schema/stages.ts';
import { sealSensitive } from '../domain/merchants/record/merchant-sensitive.ts';
import type { TestApp } from './harness.ts';

/**
 * A merchant inserted straight into the database (with a stage of its own and a sealed tax id),
 * for tests of routes that hang off a merchant without depending on the create route.
 */
export async function insertTestMerchant(
  t: TestApp,
  overrides: Partial<typeof merchants.$inferInsert> = {},
): Promise<typeof merchants.$inferSelect> {
  const tag = randomUUID().slice(0, 8);
  const [stage] = await t.db
    .insert(stages)
    .values({ name: `Test stage ${tag}`, pipeline: 'sales' })
    .returning();
  const taxId = sealSensitive('123456789', t.deps.secrets.encryptionKey);
  const [row] = await t.db
    .insert(merchants)
    .values({
      dbaName: `Test Merchant ${tag}`,
      stageId: stage!.id,
      pipeline: 'sales',
      taxIdEnc: taxId.enc,
      taxIdLast4: taxId.last4,
      taxIdFingerprint: taxId.fingerprint,
      ...overrides,
    })
    .returning();
  return row!;
}
