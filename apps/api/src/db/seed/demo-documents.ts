import { deflateSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import type { DocumentType } from '@boardwalk/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { fileSystemStore } from '../../lib/documents/file-system-store.ts';
import type { Db } from '../client.ts';
import { merchantDocuments, merchantEvents, merchants } from '../schema/merchants.ts';
import { users } from '../schema/users.ts';

/**
 * A few small documents for the first demo merchants: a one-page PDF statement and
 * a PNG image each, generated here (no binary files in the repository), stored through the
 * document store like an upload, with their document_added timeline entries. Runs after the demo
 * merchants; with no merchants (or no documents directory) it does nothing.
 */
const MERCHANTS_WITH_DOCUMENTS = 12;

export async function seedDemoDocuments(db: Db, options: { now: Date; documentsDir?: string | undefined }) {
  if (!options.documentsDir) return;
  const live = await db
    .select({ id: merchants.id, dbaName: merchants.dbaName, createdAt: merchants.createdAt })
    .from(merchants)
    .where(isNull(merchants.deletedAt))
    .orderBy(asc(merchants.createdAt), asc(merchants.id))
    .limit(MERCHANTS_WITH_DOCUMENTS);
  if (live.length === 0) return;
  const [uploader] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, 'staff@example.com'), isNull(users.deletedAt)));
  const store = fileSystemStore(options.documentsDir);

  for (const [i, merchant] of live.entries()) {
    const files: { fileName: string; mimeType: string; type: DocumentType; data: Buffer }[] = [
      {
        fileName: `${merchant.dbaName} - bank statement.pdf`,
        mimeType: 'application/pdf',
        type: 'bank_statement',
        data: demoPdf(`${merchant.dbaName}: bank statement (demo)`),
      },
    ];
    if (i % 2 === 0) {
      files.push({ fileName: 'voided-check.png', mimeType: 'image/png', type: 'voided_check', data: demoPng(i) });
    }
    for (const [j, file] of files.entries()) {
      const key = randomUUID();
      const stored = await store.put(
        key,
        (async function* () {
          yield file.data;
        })(),
      );
      // After the merchant was created, a day apart, never in the future.
      const at = new Date(Math.min(options.now.getTime(), merchant.createdAt.getTime() + (j + 1) * 86_400_000));
      const [row] = await db
        .insert(merchantDocuments)
        .values({
          merchantId: merchant.id,
          type: file.type,
          fileName: file.fileName,
          mimeType: file.mimeType,
          sizeBytes: stored.size,
          sha256: stored.sha256,
          storageKey: key,
          uploadedBy: uploader?.id ?? null,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: merchantDocuments.id });
      await db.insert(merchantEvents).values({
        merchantId: merchant.id,
        type: 'document_added',
        actorUserId: uploader?.id ?? null,
        data: { documentId: row!.id, fileName: file.fileName },
        at,
      });
    }
  }
}

/** A valid one-page PDF showing one line of text (Helvetica), with a correct cross-reference table. */
export function demoPdf(line: string): Buffer {
  const text = line.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A small valid PNG (160×72, RGB): a pale cheque-coloured card with a band, tinted per merchant. */
export function demoPng(seed: number): Buffer {
  const width = 160;
  const height = 72;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0
    for (let x = 0; x < width; x++) {
      const band = y > 44 && y < 52 && x > 12 && x < 148;
      const rgb = band ? [60, 60, 90] : [230 - ((seed * 7) % 30), 240, 220 + ((seed * 5) % 30)];
      row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
