import { strFromU8, unzipSync } from 'fflate';
import { sha256Hex, verifyChain } from './evidence-chain.ts';

/** What the pack's manifest.json holds (written by evidence-pack.ts). */
export type EvidenceManifest = {
  format: typeof EVIDENCE_FORMAT;
  merchantId: string;
  generatedAt: string;
  generatedBy: { id: string; name: string };
  files: { path: string; sha256: string; bytes: number }[];
  auditChain: { file: string; lines: number; head: string };
};

export const EVIDENCE_FORMAT = 'boardwalk-evidence-pack/1';
export const MANIFEST_FILE = 'manifest.json';
export const AUDIT_FILE = 'audit.jsonl';

export type PackCheck = { ok: boolean; problems: string[]; files: number; auditLines: number };

/**
 * Checks a pack as `npm run evidence:verify` does: every file against the manifest's SHA-256 (and
 * no file outside it), then the audit extract's chain line by line and its length and head
 * against the manifest. Reports every problem found, the chain's first broken line among them.
 */
export function verifyEvidencePack(zip: Uint8Array): PackCheck {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip);
  } catch {
    return { ok: false, problems: ['The file is not a ZIP archive.'], files: 0, auditLines: 0 };
  }
  const manifestBytes = entries[MANIFEST_FILE];
  if (!manifestBytes) return { ok: false, problems: [`No ${MANIFEST_FILE} in the pack.`], files: 0, auditLines: 0 };
  let manifest: EvidenceManifest;
  try {
    manifest = JSON.parse(strFromU8(manifestBytes)) as EvidenceManifest;
  } catch {
    return { ok: false, problems: [`${MANIFEST_FILE} is not JSON.`], files: 0, auditLines: 0 };
  }
  if (manifest.format !== EVIDENCE_FORMAT || !Array.isArray(manifest.files) || !manifest.auditChain) {
    return { ok: false, problems: [`${MANIFEST_FILE} is not a ${EVIDENCE_FORMAT} manifest.`], files: 0, auditLines: 0 };
  }
  const problems: string[] = [];
  const listed = new Set<string>();
  for (const file of manifest.files) {
    listed.add(file.path);
    const bytes = entries[file.path];
    if (!bytes) problems.push(`${file.path}: listed in the manifest but missing from the pack.`);
    else if (sha256Hex(bytes) !== file.sha256) problems.push(`${file.path}: its SHA-256 differs from the manifest's.`);
  }
  for (const name of Object.keys(entries)) {
    if (name !== MANIFEST_FILE && !name.endsWith('/') && !listed.has(name)) {
      problems.push(`${name}: in the pack but not in the manifest.`);
    }
  }
  const audit = entries[manifest.auditChain.file];
  let auditLines = 0;
  if (!audit) problems.push(`${manifest.auditChain.file}: the audit extract is missing.`);
  else {
    const chain = verifyChain(strFromU8(audit));
    auditLines = chain.lines;
    if (!chain.ok) problems.push(`${manifest.auditChain.file} line ${chain.line}: ${chain.reason}.`);
    else if (chain.lines !== manifest.auditChain.lines || chain.head !== manifest.auditChain.head) {
      problems.push(
        `${manifest.auditChain.file}: ${chain.lines} lines chain correctly but the manifest records ` +
          `${manifest.auditChain.lines} lines ending in another hash (lines cut from the end).`,
      );
    }
  }
  return { ok: problems.length === 0, problems, files: manifest.files.length, auditLines };
}
