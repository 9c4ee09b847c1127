import { createHash } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { MerchantDocument } from '@boardwalk/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { merchantDocuments, merchantEvents, merchants } from '../../db/schema/merchants.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { signInAs, type TestUser } from '../../test/sign-in.ts';
import { insertTestMerchant } from '../../test/test-merchant.ts';

const bytes = (...values: number[]) => Buffer.from(values);
const pad = (head: Buffer, size = 64) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
const OLE2 = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04);

/** One small file of every allowed type: name, declared type, leading bytes. */
const SAMPLES: [string, string, Buffer][] = [
  ['statement.pdf', 'application/pdf', pad(Buffer.from('%PDF-1.4\n%âãÏÓ\n'))],
  ['check.png', 'image/png', pad(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))],
  ['license.jpg', 'image/jpeg', pad(bytes(0xff, 0xd8, 0xff, 0xe0))],
  ['id.heic', 'image/heic', pad(Buffer.concat([bytes(0, 0, 0, 0x18), Buffer.from('ftypheic')]))],
  ['id.heif', 'image/heif', pad(Buffer.concat([bytes(0, 0, 0, 0x18), Buffer.from('ftypmif1')]))],
  ['application.doc', 'application/msword', pad(OLE2)],
  ['volume.xls', 'application/vnd.ms-excel', pad(OLE2)],
  ['pitch.ppt', 'application/vnd.ms-powerpoint', pad(OLE2)],
  ['application.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', pad(ZIP)],
  ['volume.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', pad(ZIP)],
  ['pitch.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', pad(ZIP)],
  ['letter.odt', 'application/vnd.oasis.opendocument.text', pad(ZIP)],
  ['figures.ods', 'application/vnd.oasis.opendocument.spreadsheet', pad(ZIP)],
];

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('merchant documents API', () => {
  let t: TestApp;
  let documentsDir: string;
  let cookie: string;
  let staff: JsonClient;
  let staffUser: TestUser;
  let admin: JsonClient;
  let agentCookie: string;

  beforeAll(async () => {
    documentsDir = await mkdtemp(join(tmpdir(), 'boardwalk-documents-'));
    t = await createTestApp({ config: { documentsDir } });
    const s = await signInAs(t, 'ROLE_STAFF');
    cookie = s.cookie;
    staffUser = s.user;
    staff = jsonClient(t, cookie);
    admin = jsonClient(t, (await signInAs(t, 'ROLE_ADMIN')).cookie);
    agentCookie = (await signInAs(t, 'ROLE_AGENT')).cookie;
  });
  afterAll(async () => {
    await t.close();
    await rm(documentsDir, { recursive: true, force: true });
  });

  const documentsOf = (id: string) => `/api/merchants/${id}/documents`;

  function upload(merchantId: string, file: { name: string; type: string; data: Buffer }, type?: string, as = cookie) {
    const form = new FormData();
    if (type !== undefined) form.set('type', type);
    form.set('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    return t.app.request(documentsOf(merchantId), {
      method: 'POST',
      body: form,
      headers: { cookie: as, origin: 'http://localhost' },
    });
  }

  /** Every file under the documents directory (temporary ones included). */
  async function storedFiles(): Promise<string[]> {
    const entries = await readdir(documentsDir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  }

  it('stores each allowed type with its SHA-256 and lists it newest first', async () => {
    const merchant = await insertTestMerchant(t);
    for (const [name, type, data] of SAMPLES) {
      const res = await upload(merchant.id, { name, type, data }, 'application');
      const body = (await res.json()) as MerchantDocument;
      expect(res.status, `${name}: ${JSON.stringify(body)}`).toBe(201);
      expect(body).toMatchObject({
        merchantId: merchant.id,
        type: 'application',
        fileName: name,
        mimeType: type,
        sizeBytes: data.length,
        sha256: sha256(data),
        uploadedBy: { id: staffUser.id, name: staffUser.displayName },
      });
      t.clock.advance(1000);
    }
    const list = await staff.get<{ documents: MerchantDocument[]; maxBytes: number }>(documentsOf(merchant.id));
    expect(list.body.documents.map((d) => d.fileName)).toEqual(SAMPLES.map(([name]) => name).reverse());
    expect(list.body.maxBytes).toBe(10 * 1024 * 1024);
  });

  it('takes the type from the name when the browser sent none, and "other" when no document type is chosen', async () => {
    const merchant = await insertTestMerchant(t);
    const res = await upload(merchant.id, {
      name: 'photo.HEIC',
      type: 'application/octet-stream',
      data: SAMPLES[3]![2],
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ mimeType: 'image/heic', type: 'other' });
  });

  it('refuses a renamed executable, a disallowed type and a bad document type, and keeps nothing', async () => {
    const merchant = await insertTestMerchant(t);
    const before = await storedFiles();
    const exe = pad(Buffer.concat([Buffer.from('MZ'), bytes(0x90, 0, 3, 0)]));
    const disguised = await upload(merchant.id, { name: 'invoice.pdf', type: 'application/pdf', data: exe });
    expect(disguised.status).toBe(415);
    expect(((await disguised.json()) as ProblemBody).detail).toMatch(/does not match its type/);

    const html = await upload(merchant.id, { name: 'page.html', type: 'text/html', data: pad(Buffer.from('<html>')) });
    expect(html.status).toBe(415);
    expect(((await html.json()) as ProblemBody).detail).toMatch(/PDF, PNG, JPEG, HEIC/);

    const exeByName = await upload(merchant.id, { name: 'setup.exe', type: 'application/octet-stream', data: exe });
    expect(exeByName.status).toBe(415);

    const badType = await upload(
      merchant.id,
      { name: 'a.pdf', type: 'application/pdf', data: SAMPLES[0]![2] },
      'passport',
    );
    expect(badType.status).toBe(400);
    expect(((await badType.json()) as ProblemBody).errors).toHaveProperty('type');

    const empty = await upload(merchant.id, { name: 'empty.pdf', type: 'application/pdf', data: Buffer.alloc(0) });
    expect(empty.status).toBe(400);

    expect((await staff.get<{ documents: unknown[] }>(documentsOf(merchant.id))).body.documents).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file over the documentMaxBytes setting with 413 while it streams, keeping no file', async () => {
    const merchant = await insertTestMerchant(t);
    const limit = 100 * 1024;
    expect((await admin.patch('/api/settings', { documentMaxBytes: limit })).status).toBe(200);
    try {
      const before = await storedFiles();
      const exact = pad(Buffer.from('%PDF-1.7\n'), limit);
      expect((await upload(merchant.id, { name: 'exact.pdf', type: 'application/pdf', data: exact })).status).toBe(201);

      const over = pad(Buffer.from('%PDF-1.7\n'), limit + 1);
      const res = await upload(merchant.id, { name: 'big.pdf', type: 'application/pdf', data: over });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({
        code: 'too_large',
        detail: 'The file is larger than the 100 KB allowed.',
      });

      // Over a socket, chunked (no length declared) and far larger than the limit: refused as it streams.
      const server: ServerType = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const status = await postChunked((server.address() as AddressInfo).port, documentsOf(merchant.id), cookie, 20);
        expect(status).toBe(413);
      } finally {
        server.close();
      }
      const after = await storedFiles();
      expect(after.length).toBe(before.length + 1); // only exact.pdf
      expect(after.some((f) => f.includes(`${join(documentsDir, '.tmp')}`))).toBe(false);
      const rows = await t.db.select().from(merchantDocuments).where(eq(merchantDocuments.merchantId, merchant.id));
      expect(rows.map((r) => r.fileName)).toEqual(['exact.pdf']);
    } finally {
      await admin.patch('/api/settings', { documentMaxBytes: 10 * 1024 * 1024 });
    }
  });

  it('downloads the bytes with the stored type, attachment with an RFC 6266 name, and nosniff', async () => {
    const merchant = await insertTestMerchant(t);
    const [, type, data] = SAMPLES[1]!;
    const doc = (await (
      await upload(merchant.id, { name: 'Kontoauszug März "Q1".png', type, data })
    ).json()) as MerchantDocument;
    const res = await t.app.request(`${documentsOf(merchant.id)}/${doc.id}/download`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Kontoauszug M_rz _Q1_.png"; filename*=UTF-8''Kontoauszug%20M%C3%A4rz%20%22Q1%22.png`,
    );
    const downloaded = Buffer.from(await res.arrayBuffer());
    expect(sha256(downloaded)).toBe(doc.sha256);

    const inline = await t.app.request(`${documentsOf(merchant.id)}/${doc.id}/download?inline=1`, {
      headers: { cookie },
    });
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(inline.headers.get('content-security-policy')).toMatch(/\bsandbox\b/);
    expect(inline.headers.get('content-security-policy')).toMatch(/default-src 'none'/);

    const docx = SAMPLES.find(([name]) => name.endsWith('.docx'))!;
    const office = (await (
      await upload(merchant.id, { name: docx[0], type: docx[1], data: docx[2] })
    ).json()) as MerchantDocument;
    const refused = await t.app.request(`${documentsOf(merchant.id)}/${office.id}/download?inline=1`, {
      headers: { cookie },
    });
    expect(refused.status).toBe(400);
  });

  it('names a file by its verified type: a PDF sent as x.html is stored and downloaded as x.pdf', async () => {
    const merchant = await insertTestMerchant(t);
    const [, type, data] = SAMPLES[0]!;
    const res = await upload(merchant.id, { name: 'x.html', type, data });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as MerchantDocument;
    expect(doc).toMatchObject({ fileName: 'x.pdf', mimeType: 'application/pdf' });
    const download = await t.app.request(`${documentsOf(merchant.id)}/${doc.id}/download`, { headers: { cookie } });
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="x.pdf"; filename*=UTF-8''x.pdf`);

    // A document stored under its old name before this rule downloads with the type's extension too.
    await t.db.update(merchantDocuments).set({ fileName: 'old.html' }).where(eq(merchantDocuments.id, doc.id));
    const old = await t.app.request(`${documentsOf(merchant.id)}/${doc.id}/download?inline=1`, { headers: { cookie } });
    expect(old.headers.get('content-disposition')).toBe(`inline; filename="old.pdf"; filename*=UTF-8''old.pdf`);
  });

  it('keeps only the last part of a path-like file name and strips control characters', async () => {
    const merchant = await insertTestMerchant(t);
    const [, type, data] = SAMPLES[0]!;
    for (const [raw, kept] of [
      ['../../../etc/passwd.pdf', 'passwd.pdf'],
      ['..\\..\\windows\\system32\\evil.pdf', 'evil.pdf'],
      ['in\u202evoice\u2066.pdf', 'invoice.pdf'],
      ['..', 'document.pdf'],
    ] as const) {
      const res = await upload(merchant.id, { name: raw, type, data });
      expect(res.status, raw).toBe(201);
      expect(((await res.json()) as MerchantDocument).fileName).toBe(kept);
    }
    // Every stored file sits in a two-hex-digit folder under a uuid name: none came from a file name.
    for (const file of await storedFiles()) {
      expect(file.slice(documentsDir.length)).toMatch(/^\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    }
  });

  it('removes a document softly, with document_added and document_removed on the timeline and audit rows', async () => {
    const merchant = await insertTestMerchant(t);
    const [name, type, data] = SAMPLES[0]!;
    const doc = (await (await upload(merchant.id, { name, type, data }, 'bank_statement')).json()) as MerchantDocument;
    t.clock.advance(1000);
    expect((await staff.delete(`${documentsOf(merchant.id)}/${doc.id}`)).status).toBe(204);
    expect((await staff.get<{ documents: unknown[] }>(documentsOf(merchant.id))).body.documents).toEqual([]);
    expect((await staff.delete(`${documentsOf(merchant.id)}/${doc.id}`)).status).toBe(404);
    const download = await t.app.request(`${documentsOf(merchant.id)}/${doc.id}/download`, { headers: { cookie } });
    expect(download.status).toBe(404);

    const events = await t.db
      .select()
      .from(merchantEvents)
      .where(eq(merchantEvents.merchantId, merchant.id))
      .orderBy(desc(merchantEvents.at));
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['document_removed', { documentId: doc.id, fileName: name }],
      ['document_added', { documentId: doc.id, fileName: name }],
    ]);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, merchant.id), eq(auditLog.subjectType, 'merchant')));
    expect(audits.map((a) => a.action).sort()).toEqual(['merchant.document.create', 'merchant.document.delete']);
  });

  it('answers 404 for an unknown or deleted merchant on writes, and 403 to an agent on every route', async () => {
    const [name, type, data] = SAMPLES[0]!;
    expect((await upload('01960000-0000-7000-8000-00000000abcd', { name, type, data })).status).toBe(404);
    const merchant = await insertTestMerchant(t);
    const doc = (await (await upload(merchant.id, { name, type, data })).json()) as MerchantDocument;

    const agent = jsonClient(t, agentCookie);
    expect((await agent.get(documentsOf(merchant.id))).status).toBe(403);
    expect((await upload(merchant.id, { name, type, data }, undefined, agentCookie)).status).toBe(403);
    expect((await agent.get(`${documentsOf(merchant.id)}/${doc.id}/download`)).status).toBe(403);
    expect((await agent.delete(`${documentsOf(merchant.id)}/${doc.id}`)).status).toBe(403);

    await t.db.update(merchants).set({ deletedAt: new Date() }).where(eq(merchants.id, merchant.id));
    expect((await upload(merchant.id, { name, type, data })).status).toBe(404);
    expect((await staff.delete(`${documentsOf(merchant.id)}/${doc.id}`)).status).toBe(404);
    // Still readable: a deleted merchant's view can be restored.
    expect((await staff.get<{ documents: unknown[] }>(documentsOf(merchant.id))).body.documents).toHaveLength(1);
  });
});

/** A multipart upload of `megabytes` MB sent chunked over a real socket; resolves with the status. */
function postChunked(port: number, path: string, cookie: string, megabytes: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const boundary = 'boardwalk-test-boundary';
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? undefined : reject(error)));
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
    );
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const writeMore = () => {
      while (sent < megabytes) {
        sent++;
        if (!req.write(chunk)) {
          req.once('drain', writeMore);
          return;
        }
      }
      req.end(`\r\n--${boundary}--\r\n`);
    };
    writeMore();
  });
}
