import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  defineAbilityFor,
  type MerchantDetail,
  type ReasonCode,
  type ScreeningHitList,
  type Stage,
} from '@boardwalk/shared';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyEvidencePack } from '../../domain/underwriting/evidence-verify.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient } from '../../test/json-client.ts';
import { auditRows } from '../../test/merchant-record-context.ts';
import { addressesCsv, aliasesCsv, entriesCsv } from '../../test/sanctions-fixture.ts';
import { signInAs } from '../../test/sign-in.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n%âãÏÓ\nsigned application\n'), Buffer.alloc(64, 0x20)]);
const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('the evidence pack', () => {
  let t: TestApp;
  let documentsDir: string;
  let staff: JsonClient;
  let staffCookie: string;
  let agentCookie: string;
  let underwriting: Stage;
  let approved: Stage;
  let reason: ReasonCode;

  beforeAll(async () => {
    documentsDir = await mkdtemp(join(tmpdir(), 'boardwalk-evidence-'));
    t = await createTestApp({ config: { documentsDir } });
    staffCookie = (await signInAs(t, 'ROLE_STAFF')).cookie;
    agentCookie = (await signInAs(t, 'ROLE_AGENT')).cookie;
    staff = jsonClient(t, staffCookie);
    const admin = jsonClient(t, (await signInAs(t, 'ROLE_ADMIN')).cookie);
    const stage = async (pipeline: string, extra = {}) => {
      const res = await staff.post<Stage>('/api/stages', {
        data: { name: `${pipeline} ${randomUUID().slice(0, 6)}`, pipeline, ...extra },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    await stage('sales', { isDefault: true });
    underwriting = await stage('underwriting');
    approved = await stage('underwriting');
    reason = (
      await staff.post<ReasonCode>('/api/reason-codes', { data: { code: 'CLEAN', label: 'Clean file', kind: 'risk' } })
    ).body;
    const put = await staff.put('/api/decision-stages', {
      mappings: [{ pipeline: 'underwriting', decision: 'approved', stageId: approved.id }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const list = await admin.post('/api/sanctions-lists', {
      source: 'ofac_sdn',
      entries: entriesCsv(),
      addresses: addressesCsv,
      alternateNames: aliasesCsv,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await rm(documentsDir, { recursive: true, force: true });
  });

  /** A merchant with a sanctions hit (cleared), a signed application PDF, and an approval. */
  async function decidedMerchant(): Promise<MerchantDetail> {
    const created = await staff.post<MerchantDetail>('/api/merchants', {
      data: { dbaName: 'Obsidian Teapot Trading Co', taxId: '123456789' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    expect((await staff.post(`/api/merchants/${id}/stage`, { stageId: underwriting.id })).status).toBe(200);
    const form = new FormData();
    form.set('type', 'application');
    form.set('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'signed.pdf');
    const upload = await t.app.request(`/api/merchants/${id}/documents`, {
      method: 'POST',
      body: form,
      headers: { cookie: staffCookie, origin: 'http://localhost' },
    });
    expect(upload.status).toBe(201);
    const hit = (await staff.get<ScreeningHitList>(`/api/merchants/${id}/matches`)).body.hits[0]!;
    await staff.post(`/api/merchants/${id}/matches/${hit.id}/resolve`, { state: 'cleared', reason: 'Not them' });
    const decided = await staff.post<MerchantDetail>(`/api/merchants/${id}/decision`, {
      decision: 'approved',
      reasonCodeId: reason.id,
      note: 'Low risk',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    return decided.body;
  }

  const download = (id: string, query = '', cookie = staffCookie) =>
    t.app.request(`/api/merchants/${id}/evidence-pack${query}`, { headers: { cookie } });

  async function packOf(id: string, query = '') {
    const res = await download(id, query);
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  }

  const json = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name]!)) as never;

  it('holds the record masked, the signed application, documents, screening, score, decision and chained audit', async () => {
    const m = await decidedMerchant();
    const res = await download(m.id);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="evidence-Obsidian_Teapot/);
    const zip = new Uint8Array(await res.arrayBuffer());
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual([
      'audit.jsonl',
      'decision.json',
      'documents.json',
      'manifest.json',
      'record.json',
      'scorecard.json',
      'screening.json',
      'signed-application.pdf',
    ]);
    const record = strFromU8(files['record.json']!);
    expect(JSON.parse(record)).toMatchObject({
      id: m.id,
      dbaName: 'Obsidian Teapot Trading Co',
      stage: { id: approved.id },
    });
    expect(record).not.toContain('123456789');
    expect(Buffer.from(files['signed-application.pdf']!).equals(PDF)).toBe(true);
    const docs = json(files, 'documents.json') as { includesFiles: boolean; documents: { sha256: string }[] };
    expect(docs).toMatchObject({ includesFiles: false, documents: [{ sha256: sha(PDF), fileName: 'signed.pdf' }] });
    const screening = json(files, 'screening.json') as {
      hits: { state: string; resolution: string; sanctionsEntry: { listId: string } }[];
      listVersions: { id: string; source: string; fileHash: string }[];
    };
    expect(screening.hits[0]).toMatchObject({ state: 'cleared', resolution: 'Not them' });
    expect(screening.listVersions.map((v) => v.id)).toEqual([screening.hits[0]!.sanctionsEntry.listId]);
    expect(screening.listVersions[0]).toMatchObject({
      source: 'ofac_sdn',
      fileHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(json(files, 'scorecard.json')).toMatchObject({
      scorecard: null,
      notes: [expect.stringMatching(/No scorecard/)],
    });
    expect(json(files, 'decision.json')).toMatchObject({
      latest: {
        decision: 'approved',
        reasonCode: { code: 'CLEAN' },
        note: 'Low risk',
        decidedBy: { name: expect.any(String) },
      },
    });
    const lines = strFromU8(files['audit.jsonl']!)
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.action)).toEqual(
      expect.arrayContaining(['merchant.create', 'merchant.decision', 'merchant.match_clear']),
    );
    expect(lines.every((l) => typeof l.hash === 'string' && !('ip' in l))).toBe(true);
    const manifest = json(files, 'manifest.json') as { files: { path: string; sha256: string }[] };
    expect(manifest.files.find((f) => f.path === 'record.json')?.sha256).toBe(sha(files['record.json']!));
    expect(verifyEvidencePack(zip)).toMatchObject({ ok: true, problems: [], auditLines: lines.length });
  });

  it('adds the files with ?files=1, each named in the manifest', async () => {
    const m = await decidedMerchant();
    const files = unzipSync(await packOf(m.id, '?files=1'));
    const member = Object.keys(files).find((n) => n.startsWith('documents/'))!;
    expect(member).toMatch(/^documents\/[0-9a-f-]+-signed\.pdf$/);
    expect(sha(files[member]!)).toBe(sha(PDF));
    expect(verifyEvidencePack(zipSync(files)).ok).toBe(true);
    expect((await download(m.id, '?files=yes')).status).toBe(400);
  });

  it('is audited, and the next pack’s extract shows the download', async () => {
    const m = await decidedMerchant();
    await packOf(m.id);
    expect(await auditRows(t, 'merchant.evidence_pack', m.id)).toHaveLength(1);
    const lines = strFromU8(unzipSync(await packOf(m.id))['audit.jsonl']!)
      .trimEnd()
      .split('\n');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ action: 'merchant.evidence_pack', changes: { files: false } });
  });

  it('answers 401 signed out, 404 for an unknown merchant, and follows the role’s ability', async () => {
    const m = await decidedMerchant();
    expect((await t.app.request(`/api/merchants/${m.id}/evidence-pack`)).status).toBe(401);
    expect((await download(randomUUID())).status).toBe(404);
    const agentMay = defineAbilityFor({ role: 'ROLE_AGENT' }, 'scorecard').can('read', 'scorecard');
    expect((await download(m.id, '', agentCookie)).status).toBe(agentMay ? 404 : 403);
  });

  describe('verification', () => {
    let files: Record<string, Uint8Array>;
    beforeAll(async () => {
      files = unzipSync(await packOf((await decidedMerchant()).id));
    });
    const withAudit = (edit: (lines: string[]) => string[]) => {
      const lines = strFromU8(files['audit.jsonl']!).trimEnd().split('\n');
      return verifyEvidencePack(zipSync({ ...files, 'audit.jsonl': strToU8(`${edit(lines).join('\n')}\n`) }));
    };

    it('names the first broken line of a changed, removed or reordered audit line', () => {
      const changed = withAudit((l) => l.map((line, i) => (i === 1 ? line.replace('"success"', '"failure"') : line)));
      expect(changed.ok).toBe(false);
      expect(changed.problems).toContain(
        'audit.jsonl line 2: its hash does not follow from the previous line and its content.',
      );
      const removed = withAudit((l) => l.filter((_, i) => i !== 1));
      expect(removed.problems.find((p) => p.startsWith('audit.jsonl line'))).toMatch(/^audit\.jsonl line 2:/);
      const reordered = withAudit((l) => [l[0]!, l[2]!, l[1]!, ...l.slice(3)]);
      expect(reordered.problems.find((p) => p.startsWith('audit.jsonl line'))).toMatch(/^audit\.jsonl line 2:/);
      const cut = withAudit((l) => l.slice(0, -1));
      expect(cut.problems).toContainEqual(expect.stringMatching(/lines cut from the end/));
    });

    it('finds a changed, missing or added file through the manifest', () => {
      const changed = verifyEvidencePack(zipSync({ ...files, 'record.json': strToU8('{"dbaName":"Someone else"}') }));
      expect(changed).toMatchObject({ ok: false, problems: ["record.json: its SHA-256 differs from the manifest's."] });
      const { 'scorecard.json': _gone, ...rest } = files;
      expect(verifyEvidencePack(zipSync(rest)).problems).toEqual([
        'scorecard.json: listed in the manifest but missing from the pack.',
      ]);
      expect(verifyEvidencePack(zipSync({ ...files, 'extra.txt': strToU8('x') })).problems).toEqual([
        'extra.txt: in the pack but not in the manifest.',
      ]);
      expect(verifyEvidencePack(strToU8('not a zip')).ok).toBe(false);
    });
  });
});
