import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { stages } from '../schema/stages.ts';
import { decisionStages, reasonCodes } from '../schema/underwriting.ts';

/** Reason codes a demo underwriter picks from, one or more per kind. */
const DEMO_REASON_CODES = [
  { code: 'R01', label: 'Risk within appetite', kind: 'risk' },
  { code: 'R02', label: 'Industry outside appetite', kind: 'risk' },
  { code: 'F01', label: 'Excessive chargebacks', kind: 'fraud' },
  { code: 'F02', label: 'Identity could not be verified', kind: 'fraud' },
  { code: 'D01', label: 'Documents incomplete', kind: 'documents' },
  { code: 'N01', label: 'Financials satisfactory', kind: 'financials' },
  { code: 'N02', label: 'Insufficient processing history', kind: 'financials' },
  { code: 'O01', label: 'Other (see note)', kind: 'other' },
] as const;

/** The demo pipelines' decision stages, by the demo stage names (docs/decisions/098). */
const DEMO_LINES = [
  { pipeline: 'underwriting', decision: 'approved', stage: 'Approved' },
  { pipeline: 'underwriting', decision: 'declined', stage: 'Declined' },
  { pipeline: 'operations', decision: 'terminated', stage: 'Terminated – Risk' },
] as const;

export async function seedDemoUnderwriting(db: Db, now: Date) {
  const [any] = await db.select({ id: reasonCodes.id }).from(reasonCodes).limit(1);
  if (!any)
    await db.insert(reasonCodes).values(DEMO_REASON_CODES.map((r) => ({ ...r, createdAt: now, updatedAt: now })));
  const [line] = await db.select({ id: decisionStages.id }).from(decisionStages).limit(1);
  if (line) return;
  for (const l of DEMO_LINES) {
    const [stage] = await db
      .select({ id: stages.id })
      .from(stages)
      .where(and(eq(stages.name, l.stage), isNull(stages.deletedAt)));
    if (stage) {
      await db
        .insert(decisionStages)
        .values({ pipeline: l.pipeline, decision: l.decision, stageId: stage.id, createdAt: now, updatedAt: now });
    }
  }
}
