import type { MerchantImportMapping } from '@boardwalk/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchantImports } from '../../db/schema/merchant-imports.ts';
import { runBatch, BatchAlreadyDone } from '../../domain/imports/import-batch.ts';
import { IMPORT_GIN_INDEXES, withGinPendingLists } from '../../domain/imports/import-gin.ts';
import { runImport } from '../../domain/imports/import-run.ts';
import { confirmImport, uploadImport } from '../../domain/imports/merchant-imports.service.ts';
import type { MerchantCaller } from '../../domain/merchants/record/merchant-store.ts';
import { base64, csvOf } from '../../test/import-files.ts';
import { failInsertsInto, queryRows, useMerchantContext } from '../../test/merchant-record-context.ts';
import { signInAs } from '../../test/sign-in.ts';

const HEADER = ['CRM id', 'DBA', 'Legal name', 'Phone'];
const MAPPING: MerchantImportMapping = { '0': 'externalId', '1': 'dbaName', '2': 'legalName', '3': 'contactPhone' };
/** Three batches of 1,000, 1,000 and 100 rows. */
const ROWS = 2_100;
/** Thousands of merchants written, on a 2-core machine shared with other test runs. */
const SLOW = 300_000;

// Batches side by side and their record of finished batches (docs/decisions/120).
describe('merchant import batches', () => {
  const ctx = useMerchantContext();
  let caller: MerchantCaller;
  const db = () => ctx.t.db;

  beforeAll(async () => {
    const { user } = await signInAs(ctx.t, 'ROLE_ADMIN');
    caller = {
      actor: { type: 'user', userId: user.id, role: 'ROLE_ADMIN', sessionId: 'test' },
      ip: null,
      now: new Date(),
      encryptionKey: '0'.repeat(64),
    };
  });

  /** An import of `rows` confirmed without a job engine: queued, for runImport to run here. */
  const queued = async (rows: string[][]) => {
    const file = await uploadImport(db(), caller, { fileName: 'crm.csv', content: base64(csvOf([HEADER, ...rows])) });
    await confirmImport(db(), caller, file.id, { mapping: MAPPING, skipBadRows: false, quietAutomations: true });
    return file.id;
  };
  const progress = async (id: string) =>
    (await db().select().from(merchantImports).where(eq(merchantImports.id, id)))[0]!;
  const counts = async (prefix: string) =>
    (
      await queryRows<{ merchants: number; keys: number; events: number }>(
        ctx.t,
        sql`select
          (select count(*)::int from merchants where dba_name like ${`${prefix} %`}) as merchants,
          (select count(*)::int from merchant_external_ids where external_id like ${`${prefix}-%`}) as keys,
          (select count(*)::int from merchant_events e join merchants m on m.id = e.merchant_id
            where m.dba_name like ${`${prefix} %`} and e.type = 'created') as events`,
      )
    )[0]!;
  const fastupdate = async () =>
    (
      await queryRows<{ name: string; options: string[] | null }>(
        ctx.t,
        sql`select relname as name, reloptions as options from pg_class where relname in ${IMPORT_GIN_INDEXES} order by relname`,
      )
    ).map((r) =>
      `${r.name} ${(r.options ?? []).filter((o) => o.startsWith('fastupdate')).join()}`.replace(/false$/, 'off'),
    );
  const file = (prefix: string, legal = '') =>
    Array.from({ length: ROWS }, (_, i) => [`${prefix}-${i}`, `${prefix} ${i}`, legal, `+1 415 555 ${1000 + i}`]);

  it(
    'imports each row once, two batches at a time; a failed batch fails the import, its retry runs the rest',
    async () => {
      const before = await fastupdate();
      expect(before).toHaveLength(2);
      expect(before.every((line) => /fastupdate=off$/.test(line))).toBe(true);
      const id = await queued(file('Para'));
      const restore = await failInsertsInto(
        ctx.t,
        'merchant_events',
        `NEW.data->>'summary' is not null and exists
      (select 1 from merchants m where m.id = NEW.merchant_id and m.dba_name = 'Para 1500')`,
      );
      await expect(runImport(db(), id, caller, { workers: 2, bulkRows: 1_000 })).rejects.toThrow();
      await restore();
      const failed = await progress(id);
      expect(failed.state).toBe('failed');
      expect(failed.batchesDone).not.toContain(1);
      // Progress is the rows of the batches finished, whichever they are (batch 2 has 100 rows).
      expect(failed.done).toBe(failed.batchesDone.reduce((n, b) => n + (b === 2 ? 100 : 1_000), 0));
      expect((await counts('Para')).merchants).toBe(failed.done);
      // The GIN indexes are written straight in again, though the import failed.
      expect(await fastupdate()).toEqual(before);

      expect(await runImport(db(), id, caller, { workers: 2, bulkRows: 1_000 })).toEqual({ state: 'done' });
      const row = await progress(id);
      expect({ ...row, batchesDone: [...row.batchesDone].sort() }).toMatchObject({
        state: 'done',
        done: ROWS,
        created: ROWS,
        updated: 0,
        batchesDone: [0, 1, 2],
      });
      expect(await counts('Para')).toEqual({ merchants: ROWS, keys: ROWS, events: ROWS });
      expect(await fastupdate()).toEqual(before);
      // A committed batch run again (a second attempt of the job at the same time) writes nothing.
      await expect(runBatch(db(), row, 0, caller)).rejects.toBeInstanceOf(BatchAlreadyDone);
      expect(await counts('Para')).toEqual({ merchants: ROWS, keys: ROWS, events: ROWS });

      // A second file with the same external ids, in two batches side by side, updates.
      const again = await queued(file('Para', 'Renamed LLC').slice(0, 1_001));
      expect(await runImport(db(), again, caller, { workers: 2 })).toEqual({ state: 'done' });
      expect(await progress(again)).toMatchObject({ done: 1_001, created: 0, updated: 1_001 });
      expect((await counts('Para')).merchants).toBe(ROWS);
    },
    SLOW,
  );

  it('sets the GIN indexes back to direct writes when the work fails', async () => {
    let during: string[] = [];
    await expect(
      withGinPendingLists(db(), async () => {
        during = await fastupdate();
        throw new Error('batch failed');
      }),
    ).rejects.toThrow('batch failed');
    expect(during.every((line) => /fastupdate=on$/.test(line))).toBe(true);
    expect((await fastupdate()).every((line) => /fastupdate=off$/.test(line))).toBe(true);
  });
});
