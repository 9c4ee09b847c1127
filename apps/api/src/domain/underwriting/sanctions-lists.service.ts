import { createHash } from 'node:crypto';
import {
  SANCTIONS_ENTRY_PAGE,
  type SanctionsEntry,
  type SanctionsImportInput,
  type SanctionsListVersion,
} from '@boardwalk/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sanctionsEntries, sanctionsLists, screeningRuns } from '../../db/schema/sanctions.ts';
import { users } from '../../db/schema/users.ts';
import { writeAudit, type AuditEntry } from '../../lib/audit.ts';
import { inTransaction } from '../../lib/jobs/boss-connection.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { ProblemError } from '../../lib/problem.ts';
import { userNameOf } from '../merchants/record/merchant-row.ts';
import { parseListFiles, type ParsedList } from './screening-csv.ts';
import { badUnFile, parseUnXml } from './screening-un-xml.ts';

/**
 * Sanctions list imports (docs/decisions/099). Each import of a source is a new version; the
 * previous one is kept, readable, and no longer active. The import queues a portfolio rescreen
 * (a `screening_runs` row its job works through). The UN list's XML is read into the same
 * entries as the Treasury's CSV files (docs/decisions/119).
 */

export type ImportBy = {
  userId: string | null;
  now: Date;
  audit: Pick<AuditEntry, 'actorUserId' | 'actorTokenId' | 'actorLabel' | 'ip'>;
};

const ENTRY_BATCH = 500;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The list's files as one fingerprint: the same three files give the same hash. */
export function filesHash(input: SanctionsImportInput) {
  return sha256([input.source, input.entries, input.addresses ?? '', input.alternateNames ?? ''].map(sha256).join(':'));
}

/** Text that starts like XML (after a byte-order mark and blank space), not like a CSV row. */
const LOOKS_LIKE_XML = /^\uFEFF?\s*</;

/**
 * The one reader per source: the UN list is one XML file, the Treasury's lists three CSV files;
 * both give the same entries, so the rest of the import does not know which it was.
 */
export function readListFiles(input: SanctionsImportInput): ParsedList {
  if (input.source === 'un_consolidated') {
    const extra = (['addresses', 'alternateNames'] as const).find((f) => input[f] !== undefined);
    if (extra) {
      const message = 'The UN list is one XML file: leave this file out';
      throw new ProblemError(400, message, { errors: { [extra]: [message] } });
    }
    if (!LOOKS_LIKE_XML.test(input.entries)) throw badUnFile('it is not an XML file');
    return parseUnXml(input.entries);
  }
  if (LOOKS_LIKE_XML.test(input.entries)) {
    const message = "This is an XML file, not the Treasury's CSV: choose the UN list for consolidated.xml";
    throw new ProblemError(400, message, { errors: { entries: [message] } });
  }
  return parseListFiles(input);
}

/** The rescreen job's queue name (jobs/sanctions-rescreen.job.ts), sent in the import's transaction. */
const RESCREEN_JOB = 'sanctions.rescreen';

export async function importSanctionsList(db: Db, input: SanctionsImportInput, by: ImportBy, jobs?: JobSender) {
  const parsed = readListFiles(input);
  const fileHash = filesHash(input);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: sanctionsLists.id, fileHash: sanctionsLists.fileHash })
      .from(sanctionsLists)
      .where(and(eq(sanctionsLists.source, input.source), eq(sanctionsLists.active, true)))
      .for('update');
    if (current?.fileHash === fileHash) {
      throw new ProblemError(409, 'These files are the active version of this list already.', { code: 'conflict' });
    }
    if (current) await tx.update(sanctionsLists).set({ active: false }).where(eq(sanctionsLists.id, current.id));
    const [list] = await tx
      .insert(sanctionsLists)
      .values({
        source: input.source,
        fileHash,
        rowCount: parsed.entries.length,
        aliasCount: parsed.aliasCount,
        addressCount: parsed.addressCount,
        active: true,
        importedBy: by.userId,
        importedAt: by.now,
      })
      .returning({ id: sanctionsLists.id });
    const listId = list!.id;
    for (let i = 0; i < parsed.entries.length; i += ENTRY_BATCH) {
      await tx.insert(sanctionsEntries).values(parsed.entries.slice(i, i + ENTRY_BATCH).map((e) => ({ listId, ...e })));
    }
    const [run] = await tx
      .insert(screeningRuns)
      .values({ listId, createdAt: by.now })
      .returning({ id: screeningRuns.id });
    if (jobs) await jobs.send(RESCREEN_JOB, { runId: run!.id }, { db: inTransaction(tx) });
    await writeAudit(tx, {
      action: 'sanctions_list.import',
      outcome: 'success',
      ...by.audit,
      subjectType: 'sanctions_list',
      subjectId: listId,
      changes: {
        source: input.source,
        fileHash,
        rowCount: parsed.entries.length,
        previous: current?.id ?? null,
      },
    });
    return { listId, runId: run!.id, queued: jobs !== undefined };
  });
}

/** GET /api/sanctions-lists: every version, newest first, with its rescreen's progress. */
export async function listSanctionsVersions(db: Db, ids?: string[]): Promise<SanctionsListVersion[]> {
  const rows = await db
    .select({ list: sanctionsLists, userName: userNameOf(users) })
    .from(sanctionsLists)
    .leftJoin(users, eq(users.id, sanctionsLists.importedBy))
    .where(ids ? inArray(sanctionsLists.id, ids) : undefined)
    .orderBy(desc(sanctionsLists.importedAt), desc(sanctionsLists.id));
  const runs = rows.length
    ? await db
        .select()
        .from(screeningRuns)
        .where(
          inArray(
            screeningRuns.listId,
            rows.map((r) => r.list.id),
          ),
        )
        .orderBy(asc(screeningRuns.createdAt))
    : [];
  return rows.map(({ list, userName }) => {
    const run = runs.filter((r) => r.listId === list.id).at(-1);
    return {
      id: list.id,
      source: list.source,
      fileHash: list.fileHash,
      rowCount: list.rowCount,
      aliasCount: list.aliasCount,
      addressCount: list.addressCount,
      active: list.active,
      importedAt: list.importedAt.toISOString(),
      importedBy: list.importedBy ? { id: list.importedBy, name: userName ?? '' } : null,
      run: run ? { state: run.state, total: run.total, done: run.done, hits: run.hits } : null,
    };
  });
}

/** GET /api/sanctions-lists/{id}: one version (an old one too) with its entries. */
export async function getSanctionsVersion(db: Db, id: string, offset: number) {
  const [version] = await listSanctionsVersions(db, [id]);
  if (!version) throw new ProblemError(404, 'No such list version.');
  const rows = await db
    .select()
    .from(sanctionsEntries)
    .where(eq(sanctionsEntries.listId, id))
    .orderBy(asc(sanctionsEntries.entNum))
    .limit(SANCTIONS_ENTRY_PAGE)
    .offset(offset);
  const entries: SanctionsEntry[] = rows.map(({ id: _id, listId: _list, ...e }) => e);
  return { version, entries, total: version.rowCount };
}
