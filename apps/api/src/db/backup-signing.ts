import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SIGNING_CERTIFICATE_FILE } from '../lib/signing-certificate.ts';
import type { BackupManifest, MemberSource, OpenedArchive } from './backup-archive.ts';

/**
 * The portal's own signing certificate in a backup (docs/decisions/114): DATA_DIR's
 * `signing-certificate.json`, a member of its own in both modes (with PostgreSQL the database
 * is elsewhere, but the certificate is still kept in DATA_DIR). It is the PKCS#12 and its
 * passphrase encrypted with the encryption key, so it is no more readable than the database's
 * encrypted fields. Restored, the portal signs with the same certificate, and the PDFs signed
 * before are "signed with the current certificate" for `application:verify`.
 */

/** The certificate file of `dataDir` as a member; none when the portal has made none (or uses SIGNING_P12_FILE). */
export async function signingMembers(dataDir: string | undefined): Promise<MemberSource[]> {
  if (!dataDir) return [];
  const file = path.join(path.resolve(dataDir), SIGNING_CERTIFICATE_FILE);
  return existsSync(file) ? [{ name: SIGNING_CERTIFICATE_FILE, bytes: await readFile(file) }] : [];
}

/**
 * Puts the backup's certificate into `dataDir` (mode 0600). A different one found there (a new
 * server's first start made its own) is kept beside it under another name, never lost, and
 * named in a warning. Returns the warnings.
 */
export async function restoreSigningCertificate(
  archive: OpenedArchive,
  manifest: BackupManifest,
  dataDir: string,
  now = new Date(),
): Promise<string[]> {
  if (!manifest.members.some((m) => m.name === SIGNING_CERTIFICATE_FILE)) return [];
  const bytes = await archive.readMember(SIGNING_CERTIFICATE_FILE);
  const target = path.join(path.resolve(dataDir), SIGNING_CERTIFICATE_FILE);
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const warnings: string[] = [];
  if (existsSync(target)) {
    const present = await readFile(target);
    if (present.equals(bytes)) return [];
    const kept = `${target}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
    await rename(target, kept);
    warnings.push(
      `${SIGNING_CERTIFICATE_FILE} in ${path.dirname(target)} was another signing certificate: it is kept as ` +
        `${path.basename(kept)}, and the backup's certificate signs from now on.`,
    );
  }
  await writeFile(target, bytes, { mode: 0o600 });
  return warnings;
}
