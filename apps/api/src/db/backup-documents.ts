import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { assertDocumentKey } from '../lib/documents/document-store.ts';
import { fileSystemStore } from '../lib/documents/file-system-store.ts';
import { BackupError, type BackupManifest, type MemberSource, type OpenedArchive } from './backup-archive.ts';

/**
 * Merchant documents in a backup (decisions 017, 023): each stored file is a member of its own,
 * `documents/<ab>/<key>` as in the store, so the manifest holds its size and SHA-256 like the
 * database's and a restore checks every one before it writes anything. A reader of format 1 that
 * knows nothing of them restores the database and leaves them: no new format version is needed.
 */
const PREFIX = 'documents/';
const SHARD = /^[0-9a-f]{2}$/;

export function isDocumentMember(name: string): boolean {
  return name.startsWith(PREFIX);
}

/** The stored documents of `dir` (DOCUMENTS_DIR) as members; none when it does not exist. Unfinished uploads (.tmp) stay out. */
export async function documentMembers(dir: string): Promise<MemberSource[]> {
  const shards = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const members: MemberSource[] = [];
  for (const shard of shards) {
    if (!shard.isDirectory() || !SHARD.test(shard.name)) continue;
    for (const entry of await readdir(path.join(dir, shard.name), { withFileTypes: true })) {
      if (!entry.isFile() || !isStoredKey(shard.name, entry.name)) continue;
      members.push({ name: `${PREFIX}${shard.name}/${entry.name}`, file: path.join(dir, shard.name, entry.name) });
    }
  }
  return members.sort((a, b) => a.name.localeCompare(b.name));
}

function isStoredKey(shard: string, key: string): boolean {
  try {
    assertDocumentKey(key);
  } catch {
    return false;
  }
  return key.slice(-2) === shard;
}

/** The key of a document member; a name that is not exactly `documents/<ab>/<key>` is refused (no path from a file). */
function keyOf(file: string, name: string): string {
  const [shard, key, ...rest] = name.slice(PREFIX.length).split('/');
  if (rest.length > 0 || shard === undefined || key === undefined || !isStoredKey(shard, key)) {
    throw new BackupError(`${file}: ${name} is not a document of a Boardwalk backup.`);
  }
  return key;
}

/**
 * Puts the backup's documents into `dir` (DOCUMENTS_DIR) through the store, so each appears whole
 * or not at all. Documents already there under the same key are replaced; others stay (a key is
 * never reused, so they are at worst orphans, as decision 023 allows). Returns how many.
 */
export async function restoreDocuments(
  file: string,
  archive: OpenedArchive,
  manifest: BackupManifest,
  dir: string,
): Promise<number> {
  const members = manifest.members.filter((m) => isDocumentMember(m.name));
  const keys = members.map((m) => keyOf(file, m.name)); // all names checked before the first write
  const store = fileSystemStore(dir);
  for (const [index, member] of members.entries()) await store.put(keys[index]!, archive.memberStream(member.name));
  return members.length;
}
