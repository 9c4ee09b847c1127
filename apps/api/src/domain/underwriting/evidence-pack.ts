import type { Readable } from 'node:stream';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { merchantDocuments } from '../../db/schema/merchants.ts';
import { users } from '../../db/schema/users.ts';
import { auditActor, writeAudit } from '../../lib/audit.ts';
import type { DocumentStore } from '../../lib/documents/document-store.ts';
import type { Caller } from '../../lib/http/caller.ts';
import { userNameOf } from '../merchants/record/merchant-row.ts';
import { readMerchantDetail } from '../merchants/record/merchant-store.ts';
import { listDecisions } from './decision.service.ts';
import { canonicalJson, chainLines, sha256Hex } from './evidence-chain.ts';
import { AUDIT_FILE, EVIDENCE_FORMAT, MANIFEST_FILE, type EvidenceManifest } from './evidence-verify.ts';
import { listHits } from './hits.service.ts';
import { listSanctionsVersions } from './sanctions-lists.service.ts';
import { merchantScore } from './scorecard-run.ts';

/**
 * The document types that hold the signed application, newest first: the signing flow's own
 * type when it lands, else an uploaded application PDF.
 */
const SIGNED_APPLICATION_TYPES = ['signed_application', 'application'];

export type EvidencePack = { fileName: string; bytes: Uint8Array; manifest: EvidenceManifest };

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Safe inside a ZIP on any system: no separators, no leading dots. */
const memberName = (name: string) => name.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '') || 'file';

/**
 * The merchant's audit rows, oldest first, with who acted: the extract the chain covers. The
 * client's IP address stays out: staff who make the pack do not read the audit log itself.
 */
async function auditExtract(db: Db, merchantId: string) {
  const a = auditLog;
  const rows = await db
    .select({
      id: a.id,
      at: a.at,
      action: a.action,
      outcome: a.outcome,
      actorUserId: a.actorUserId,
      actorTokenId: a.actorTokenId,
      actorLabel: a.actorLabel,
      actorName: userNameOf(users),
      subjectType: a.subjectType,
      subjectId: a.subjectId,
      changes: a.changes,
    })
    .from(a)
    .leftJoin(users, eq(users.id, a.actorUserId))
    .where(and(eq(a.subjectType, 'merchant'), eq(a.subjectId, merchantId)))
    .orderBy(asc(a.at), asc(a.id));
  return rows.map((r, i) => ({ seq: i + 1, ...r, at: r.at.toISOString() }));
}

async function documentsOf(db: Db, merchantId: string) {
  const d = merchantDocuments;
  return db
    .select({
      id: d.id,
      type: d.type,
      fileName: d.fileName,
      mimeType: d.mimeType,
      sizeBytes: d.sizeBytes,
      sha256: d.sha256,
      storageKey: d.storageKey,
      createdAt: d.createdAt,
    })
    .from(d)
    .where(and(eq(d.merchantId, merchantId), isNull(d.deletedAt)))
    .orderBy(desc(d.createdAt), desc(d.id));
}

/**
 * GET /api/merchants/{id}/evidence-pack: the ZIP an auditor is given (docs/decisions/111). Values
 * are masked as every answer masks them; the score is computed as the pack is made. The download
 * itself is audited after the extract is taken, so the next pack's extract shows this one.
 */
export async function buildEvidencePack(
  db: Db,
  caller: Caller,
  store: DocumentStore,
  merchantId: string,
  options: { files: boolean },
): Promise<EvidencePack> {
  const record = await readMerchantDetail(db, merchantId);
  const [decisions, hits, score, documents, audit] = await Promise.all([
    listDecisions(db, merchantId),
    listHits(db, merchantId, false),
    merchantScore(db, merchantId, caller.now),
    documentsOf(db, merchantId),
    auditExtract(db, merchantId),
  ]);
  const listIds = [...new Set(hits.flatMap((h) => (h.sanctionsEntry ? [h.sanctionsEntry.listId] : [])))];
  // The version's identity, not who imported it: the list page is for administrators only.
  const listVersions = (listIds.length ? await listSanctionsVersions(db, listIds) : []).map((v) => ({
    id: v.id,
    source: v.source,
    fileHash: v.fileHash,
    rowCount: v.rowCount,
    active: v.active,
    importedAt: v.importedAt,
  }));
  const [generator] = await db
    .select({ name: userNameOf(users) })
    .from(users)
    .where(inArray(users.id, [caller.actor.userId]));

  const zip: Zippable = {
    'record.json': json(record),
    'decision.json': json({ latest: decisions[0] ?? null, history: decisions }),
    'screening.json': json({ hits, listVersions }),
    'scorecard.json': json(score),
    'documents.json': json({
      includesFiles: options.files,
      documents: documents.map(({ storageKey: _key, createdAt, ...d }) => ({
        ...d,
        createdAt: createdAt.toISOString(),
      })),
    }),
  };
  const signed = documents.find((d) => SIGNED_APPLICATION_TYPES.includes(d.type) && d.mimeType === 'application/pdf');
  if (signed) zip['signed-application.pdf'] = await bytesOf(await store.get(signed.storageKey));
  if (options.files) {
    for (const d of documents) {
      zip[`documents/${d.id}-${memberName(d.fileName)}`] = await bytesOf(await store.get(d.storageKey));
    }
  }
  const chain = chainLines(audit);
  zip[AUDIT_FILE] = strToU8(chain.text);

  const manifest: EvidenceManifest = {
    format: EVIDENCE_FORMAT,
    merchantId,
    generatedAt: caller.now.toISOString(),
    generatedBy: { id: caller.actor.userId, name: generator?.name ?? '' },
    files: Object.entries(zip).map(([path, bytes]) => ({
      path,
      sha256: sha256Hex(bytes as Uint8Array),
      bytes: (bytes as Uint8Array).byteLength,
    })),
    auditChain: { file: AUDIT_FILE, lines: chain.lines, head: chain.head },
  };
  zip[MANIFEST_FILE] = strToU8(`${canonicalJson(manifest)}\n`);

  await writeAudit(db, {
    action: 'merchant.evidence_pack',
    outcome: 'success',
    ...auditActor(caller.actor),
    subjectType: 'merchant',
    subjectId: merchantId,
    changes: { files: options.files, manifestSha256: sha256Hex(zip[MANIFEST_FILE]) },
    ip: caller.ip,
  });
  const day = caller.now.toISOString().slice(0, 10);
  return { fileName: `evidence-${memberName(record.dbaName)}-${day}.zip`, bytes: zipSync(zip), manifest };
}
