import type { Pipeline } from '@boardwalk/shared';
import type { Db } from '../../db/client.ts';
import { readSetting } from '../../auth/settings.ts';
import { ProblemError } from '../../lib/problem.ts';
import { unresolvedSanctionsHit } from './screening.service.ts';

/**
 * The sanctions gate (docs/decisions/099): a merchant with an open or confirmed sanctions hit may
 * not enter a stage of a gated pipeline (the `sanctionsGatedPipelines` setting, operations by
 * default), whatever the route: it runs in the stage change's hook and on create. A 400 on
 * `stageId`, so the bulk change reports it per merchant and an automation fails for good.
 */
export async function refuseSanctionedEntry(tx: Db, merchantId: string, to: { name: string; pipeline: Pipeline }) {
  if (!(await sanctionsGated(tx, to.pipeline))) return;
  await refuseWhenHit(tx, merchantId, to);
}

/** Whether the gate guards the stages of `pipeline` (the `sanctionsGatedPipelines` setting). */
export async function sanctionsGated(db: Db, pipeline: Pipeline): Promise<boolean> {
  return (await readSetting(db, 'sanctionsGatedPipelines')).includes(pipeline);
}

/** Whether entering a stage of `pipeline` screens the merchant afresh (`sanctionsScreenOnEntryPipelines`). */
export async function screenedOnEntry(db: Db, pipeline: Pipeline): Promise<boolean> {
  return (await readSetting(db, 'sanctionsScreenOnEntryPipelines')).includes(pipeline);
}

/** The gate itself, for a caller that knows the stage is gated: refused on an open or confirmed hit. */
export async function refuseWhenHit(tx: Db, merchantId: string, to: { name: string }) {
  const hit = await unresolvedSanctionsHit(tx, merchantId);
  if (!hit) return;
  const message =
    hit.state === 'open'
      ? `Clear or confirm the sanctions match first: a merchant with an open match cannot enter “${to.name}”`
      : `A confirmed sanctions match keeps the merchant out of “${to.name}”`;
  throw new ProblemError(400, message, { errors: { stageId: [message] } });
}
