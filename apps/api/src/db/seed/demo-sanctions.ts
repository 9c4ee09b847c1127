import { readFile } from 'node:fs/promises';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { sealDateOfBirth, sealSsn } from '../../domain/merchants/owners/merchant-owner-row.ts';
import { importSanctionsList } from '../../domain/underwriting/sanctions-lists.service.ts';
import { runRescreen } from '../../domain/underwriting/screening-run.ts';
import type { Db } from '../client.ts';
import { merchantOwners, merchants } from '../schema/merchants.ts';
import { sanctionsLists } from '../schema/sanctions.ts';

const file = (name: string) => readFile(new URL(`./demo-sanctions/${name}`, import.meta.url), 'utf8');

/** The owner of one demo merchant in underwriting who matches the made-up list's entry 9001. */
const LISTED_OWNER = {
  firstName: 'Bartholomew',
  lastName: 'Glimmerwick',
  dateOfBirth: '1961-03-12',
  // In the 900 area, which the SSA never issues: made up, as every demo value.
  ssn: '900-55-0142',
};

/**
 * The made-up sanctions list (demo-sanctions/, no real person or entity) imported as the SDN
 * list, after an owner who matches it is given to the first demo merchant in underwriting, so
 * that the underwriting tab shows a hit to clear or confirm (docs/decisions/099).
 */
export async function seedDemoSanctions(db: Db, ctx: { now: Date; encryptionKey: string }) {
  const [any] = await db.select({ id: sanctionsLists.id }).from(sanctionsLists).limit(1);
  if (any) return;
  const [merchant] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.pipeline, 'underwriting'), isNull(merchants.deletedAt)))
    .orderBy(asc(merchants.createdAt), asc(merchants.id))
    .limit(1);
  if (merchant) {
    await db.insert(merchantOwners).values({
      merchantId: merchant.id,
      firstName: LISTED_OWNER.firstName,
      lastName: LISTED_OWNER.lastName,
      title: 'Director',
      position: 99,
      ...sealDateOfBirth(LISTED_OWNER.dateOfBirth, ctx.encryptionKey),
      ...sealSsn(LISTED_OWNER.ssn, ctx.encryptionKey),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
  }
  const { runId } = await importSanctionsList(
    db,
    {
      source: 'ofac_sdn',
      entries: await file('SDN.CSV'),
      addresses: await file('ADD.CSV'),
      alternateNames: await file('ALT.CSV'),
    },
    { userId: null, now: ctx.now, audit: { actorUserId: null, actorTokenId: null, actorLabel: 'demo seed', ip: null } },
  );
  await runRescreen(db, runId, ctx.encryptionKey, () => ctx.now);
}
