import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { knownMigrations } from './migration-level.ts';

/**
 * A Boardwalk backup is one plain tar file (`tar tf backup.tar` lists it): `manifest.json`
 * first, then the members it names, each with its size and SHA-256. Plain ustar, written and
 * read here in a few lines, because the members are few, regular files, and already compressed
 * where that pays (PGlite's gzip tarball, pg_dump's custom format). Decision 017.
 */
export const BACKUP_FORMAT = 'boardwalk-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';

const memberSchema = z.object({ name: z.string(), bytes: z.number().int().min(0), sha256: z.string() });

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  mode: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  appVersion: z.string(),
  /** The last migration applied to the database that was backed up (drizzle's journal tag). */
  migration: z.object({ applied: z.number().int().min(0), last: z.string().nullable() }),
  /** SHA-256 of the encryption key the encrypted fields need (the key itself only in secrets.json). */
  encryptionKeyId: z.string().nullable(),
  members: z.array(memberSchema),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupMember = z.infer<typeof memberSchema>;

/** A refusal or failure of backup/restore whose message tells the operator what to do. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** A member to write: bytes in memory, or a file streamed from disk. */
export type MemberSource = { name: string } & ({ bytes: Uint8Array } | { file: string });

const BLOCK = 512;
const MAX_MEMBER_BYTES = 8 ** 11 - 1; // the 11 octal digits of a ustar size field (8 GiB)

export function keyId(encryptionKey: string | undefined | null): string | null {
  return encryptionKey ? createHash('sha256').update(encryptionKey).digest('hex') : null;
}

/** Size and SHA-256 of a member, for the manifest. */
export async function describeMember(source: MemberSource): Promise<BackupMember> {
  if ('bytes' in source) {
    const sha256 = createHash('sha256').update(source.bytes).digest('hex');
    return { name: source.name, bytes: source.bytes.byteLength, sha256 };
  }
  const hash = createHash('sha256');
  await pipeline(createReadStream(source.file), hash);
  return { name: source.name, bytes: (await stat(source.file)).size, sha256: hash.digest('hex') };
}

/**
 * Writes the archive (mode 0600: it can hold secrets) to `<out>.partial`, then renames it into
 * place, so a failed backup never leaves a file that looks like a whole one.
 */
export async function writeArchive(out: string, manifest: Omit<BackupManifest, 'members'>, sources: MemberSource[]) {
  // One at a time: a backup can hold thousands of documents, each a file to read.
  const members: BackupMember[] = [];
  for (const source of sources) members.push(await describeMember(source));
  const full: BackupManifest = { ...manifest, members };
  const partial = `${out}.partial`;
  const stream = createWriteStream(partial, { mode: 0o600 });
  const write = (chunk: Uint8Array) =>
    new Promise<void>((resolve, reject) => stream.write(chunk, (error) => (error ? reject(error) : resolve())));
  try {
    const all: MemberSource[] = [
      { name: MANIFEST_NAME, bytes: Buffer.from(JSON.stringify(full, null, 2)) },
      ...sources,
    ];
    for (const source of all) {
      const size = 'bytes' in source ? source.bytes.byteLength : (await stat(source.file)).size;
      await write(tarHeader(source.name, size));
      if ('bytes' in source) await write(source.bytes);
      else for await (const chunk of createReadStream(source.file)) await write(chunk as Buffer);
      if (size % BLOCK) await write(new Uint8Array(BLOCK - (size % BLOCK)));
    }
    await write(new Uint8Array(2 * BLOCK));
    await new Promise<void>((resolve, reject) =>
      stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    await rename(partial, out);
  } catch (error) {
    stream.destroy();
    await rm(partial, { force: true });
    throw error;
  }
  return full;
}

function tarHeader(name: string, size: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar member name too long: ${name}`);
  if (size > MAX_MEMBER_BYTES) throw new BackupError(`${name} is larger than the 8 GiB a backup member may hold.`);
  const header = Buffer.alloc(BLOCK);
  const field = (offset: number, length: number, value: string) => header.write(value, offset, length, 'ascii');
  const octal = (value: number, digits: number) => value.toString(8).padStart(digits, '0');
  header.write(name, 0, 100, 'utf8');
  field(100, 8, '0000600\0'); // mode
  field(108, 8, '0000000\0'); // uid
  field(116, 8, '0000000\0'); // gid
  field(124, 12, `${octal(size, 11)}\0`);
  field(136, 12, `${octal(Math.floor(Date.now() / 1000), 11)}\0`);
  field(148, 8, '        '); // checksum, counted as spaces
  field(156, 1, '0'); // regular file
  field(257, 8, 'ustar\u000000');
  let sum = 0;
  for (const byte of header) sum += byte;
  field(148, 8, `${octal(sum, 6)}\0 `);
  return header;
}

type Entry = { offset: number; size: number };

/** An archive opened for reading: its manifest (checked) and its members, by name. */
export type OpenedArchive = {
  manifest: BackupManifest;
  readMember: (name: string) => Promise<Buffer>;
  /** Streams a member into a file (mode 0600). */
  extractMember: (name: string, to: string) => Promise<void>;
  /** A member's bytes as a stream. */
  memberStream: (name: string) => Readable;
};

/**
 * Opens a backup, refusing anything that is not a whole one of a format this version reads:
 * not a tar, no manifest, another format or version, a member missing or with another SHA-256.
 */
export async function openArchive(file: string): Promise<OpenedArchive> {
  const entries = await listEntries(file);
  const entryOf = (name: string) => {
    const entry = entries.get(name);
    if (!entry) throw new BackupError(`${file} has no ${name}: it is not a whole Boardwalk backup.`);
    return entry;
  };
  const readMember = async (name: string) => {
    const { offset, size } = entryOf(name);
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(size);
      await handle.read(buffer, 0, size, offset);
      return buffer;
    } finally {
      await handle.close();
    }
  };
  const manifest = parseManifest(file, await readMember(MANIFEST_NAME));
  for (const member of manifest.members) {
    const { offset, size } = entryOf(member.name);
    const hash = createHash('sha256');
    if (size > 0) await pipeline(createReadStream(file, { start: offset, end: offset + size - 1 }), hash);
    if (size !== member.bytes || hash.digest('hex') !== member.sha256) {
      throw new BackupError(`${file}: ${member.name} does not match its checksum; the backup is damaged.`);
    }
  }
  const memberStream = (name: string) => {
    const { offset, size } = entryOf(name);
    return size === 0 ? Readable.from([]) : createReadStream(file, { start: offset, end: offset + size - 1 });
  };
  const extractMember = (name: string, to: string) =>
    pipeline(memberStream(name), createWriteStream(to, { mode: 0o600 }));
  return { manifest, readMember, extractMember, memberStream };
}

function parseManifest(file: string, bytes: Buffer): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError(`${file}: manifest.json is not JSON; this is not a Boardwalk backup.`);
  }
  const head = z.object({ format: z.string(), formatVersion: z.number() }).safeParse(json);
  if (!head.success || head.data.format !== BACKUP_FORMAT) {
    throw new BackupError(`${file} is not a Boardwalk backup (its manifest names no ${BACKUP_FORMAT} format).`);
  }
  if (head.data.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} is backup format ${head.data.formatVersion}; this version of Boardwalk reads format ` +
        `${BACKUP_FORMAT_VERSION}. Restore it with the Boardwalk version that made it.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupError(`${file}: manifest.json is incomplete (${parsed.error.message}).`);
  return parsed.data;
}

async function listEntries(file: string): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`No backup file at ${file}.`);
    throw error;
  }
  try {
    const { size: fileSize } = await handle.stat();
    const header = Buffer.alloc(BLOCK);
    let offset = 0;
    while (offset + BLOCK <= fileSize) {
      await handle.read(header, 0, BLOCK, offset);
      if (header.every((byte) => byte === 0)) return entries;
      if (header.toString('ascii', 257, 262) !== 'ustar') break;
      const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size = parseInt(header.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim(), 8);
      if (!Number.isFinite(size) || offset + BLOCK + size > fileSize) break;
      entries.set(name, { offset: offset + BLOCK, size });
      offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    await handle.close();
  }
  throw new BackupError(`${file} is not a whole Boardwalk backup (not a tar file, or cut short).`);
}

/** Refuses a backup of the other mode, or one migrated further than this version of Boardwalk knows. */
export function assertRestorable(file: string, manifest: BackupManifest, mode: BackupManifest['mode']) {
  if (manifest.mode !== mode) {
    throw new BackupError(
      manifest.mode === 'postgres'
        ? `${file} is a backup of a PostgreSQL database: restore it with DATABASE_URL set to the target database.`
        : `${file} is a backup of the embedded database: restore it without DATABASE_URL, into an empty DATA_DIR.`,
    );
  }
  const { last } = manifest.migration;
  if (last && !knownMigrations().some((m) => m.tag === last)) {
    throw new BackupError(
      `${file} was made by a newer Boardwalk (its database has migration ${last}, which this version does not ` +
        'know). Restore it with that version or a later one.',
    );
  }
}
