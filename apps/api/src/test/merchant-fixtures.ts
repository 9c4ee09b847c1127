import { randomUUID } from 'node:crypto';
import type { Pipeline } from '@boardwalk/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { merchants } from '../db/schema/merchants.ts';
import { stages } from '../db/schema/stages.ts';
import { bankAccountFingerprint, sealSensitive } from '../domain/merchants/record/merchant-sensitive.ts';

/** The encryption key of the test harness (apps/api/src/test/harness.ts). */
export const TEST_ENCRYPTION_KEY = '0'.repeat(64);

export type TestStage = typeof stages.$inferSelect;
export type TestMerchant = typeof merchants.$inferSelect;

/** Inserts a stage straight into the database: a unique name, in sales unless told otherwise. */
export async function createTestStage(
  db: Db,
  overrides: Partial<typeof stages.$inferInsert> & { pipeline?: Pipeline } = {},
): Promise<TestStage> {
  const [row] = await db
    .insert(stages)
    .values({ name: `Stage ${randomUUID().slice(0, 8)}`, pipeline: 'sales', ...overrides })
    .returning();
  if (!row) throw new Error('stage insert returned no row');
  return row;
}

type MerchantOverrides = Partial<Omit<typeof merchants.$inferInsert, 'pipeline'>> & {
  /** Clear values: sealed as the API would store them (ciphertext, last 4, fingerprint). */
  taxId?: string;
  routingNumber?: string;
  accountNumber?: string;
};

/**
 * Inserts a merchant straight into the database (no route, no audit row, no timeline), for tests
 * of what reads merchants. Without a stageId it gets a new sales stage; its pipeline is always its
 * stage's. Sensitive values given in clear are sealed with the test harness's key.
 */
export async function createTestMerchant(
  db: Db,
  overrides: MerchantOverrides = {},
  encryptionKey = TEST_ENCRYPTION_KEY,
): Promise<TestMerchant> {
  const { taxId = '', routingNumber = '', accountNumber = '', stageId, ...fields } = overrides;
  const stage = stageId ? (await db.select().from(stages).where(eq(stages.id, stageId)))[0] : await createTestStage(db);
  if (!stage) throw new Error(`no stage ${stageId}`);
  const tax = sealSensitive(taxId, encryptionKey);
  const routing = sealSensitive(routingNumber, encryptionKey);
  const account = sealSensitive(accountNumber, encryptionKey);
  const [row] = await db
    .insert(merchants)
    .values({
      dbaName: `Merchant ${randomUUID().slice(0, 8)}`,
      ...fields,
      stageId: stage.id,
      pipeline: stage.pipeline,
      taxIdEnc: tax.enc,
      taxIdLast4: tax.last4,
      taxIdFingerprint: tax.fingerprint,
      routingNumberEnc: routing.enc,
      routingNumberLast4: routing.last4,
      accountNumberEnc: account.enc,
      accountNumberLast4: account.last4,
      bankAccountFingerprint: bankAccountFingerprint(routingNumber, accountNumber, encryptionKey),
    })
    .returning();
  if (!row) throw new Error('merchant insert returned no row');
  return row;
}
