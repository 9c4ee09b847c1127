import type { FunnelReport } from '@boardwalk/shared/schemas/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantStageIntervals } from '../../db/schema/merchants.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient } from '../../test/json-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestMerchant, createTestStage, type TestStage } from '../../test/merchant-fixtures.ts';

/**
 * The funnel follows where merchants actually went next (decision 076): an underwriting pipeline
 * ordered Submitted, Approved, Declined, then Boarding. Approved's next stage by position is
 * Declined, which no approved merchant enters: conversion by position read 0 %.
 */
describe('funnel: where merchants went next', () => {
  let t: TestApp;
  let api: JsonClient;
  const s = {} as Record<'submitted' | 'approved' | 'declined' | 'boarding', TestStage>;

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-03-15T12:00:00Z') });
    api = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
    s.submitted = await createTestStage(t.db, { name: 'Submitted', pipeline: 'underwriting', position: 0 });
    s.approved = await createTestStage(t.db, { name: 'Approved', pipeline: 'underwriting', position: 1 });
    s.declined = await createTestStage(t.db, { name: 'Declined', pipeline: 'underwriting', position: 2 });
    s.boarding = await createTestStage(t.db, { name: 'Boarding', pipeline: 'operations', position: 0 });
    // Four submitted in February: three approved (two boarded), one declined.
    const paths: [TestStage, string][][] = [
      [
        [s.submitted, '02-02'],
        [s.approved, '02-03'],
        [s.boarding, '02-05'],
      ],
      [
        [s.submitted, '02-02'],
        [s.approved, '02-04'],
        [s.boarding, '02-06'],
      ],
      [
        [s.submitted, '02-03'],
        [s.approved, '02-10'],
      ],
      [
        [s.submitted, '02-03'],
        [s.declined, '02-08'],
      ],
    ];
    for (const path of paths) {
      const last = path.at(-1)!;
      const merchant = await createTestMerchant(t.db, {
        stageId: last[0].id,
        stageEnteredAt: new Date(`2026-${last[1]}T00:00:00Z`),
        createdAt: new Date(`2026-${path[0]![1]}T00:00:00Z`),
      });
      for (const [i, [stage, day]] of path.entries()) {
        const next = path[i + 1];
        await t.db.insert(merchantStageIntervals).values({
          merchantId: merchant.id,
          stageId: stage.id,
          pipeline: stage.pipeline,
          enteredAt: new Date(`2026-${day}T00:00:00Z`),
          leftAt: next ? new Date(`2026-${next[1]}T00:00:00Z`) : null,
        });
      }
    }
  });
  afterAll(() => t.close());

  it('converts Approved into Boarding, past a Declined stage that sits between them', async () => {
    const res = await api.get<FunnelReport>('/api/reports/funnel?from=2026-02-01&to=2026-02-28');
    expect(res.status).toBe(200);
    const rows = res.body.stages.map((r) => [r.name, r.entered, r.movedOn, r.next?.name ?? null, r.conversion]);
    expect(rows).toEqual([
      // Submitted: three to Approved, one to Declined; all four moved on to a later stage.
      ['Submitted', 4, 4, 'Approved', 1],
      // Approved: two of three boarded (the third is still waiting).
      ['Approved', 3, 2, 'Boarding', 2 / 3],
      // Declined: nobody moved on; merchants end there.
      ['Declined', 1, 0, null, 0],
      // Boarding: the end of the flow.
      ['Boarding', 2, 0, null, null],
    ]);
  });
});
