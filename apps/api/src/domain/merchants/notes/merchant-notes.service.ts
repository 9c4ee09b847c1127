import { noteChangeRefusal, type Note } from '@boardwalk/shared';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { merchantNotes, merchants } from '../../../db/schema/merchants.ts';
import { users } from '../../../db/schema/users.ts';
import { auditActor, writeAudit } from '../../../lib/audit.ts';
import { assertCurrentVersion } from '../../../lib/crud/precondition.ts';
import type { Caller } from '../../../lib/http/caller.ts';
import { ProblemError } from '../../../lib/problem.ts';
import { notifyMentions } from '../../notifications/notification-events.ts';
import { writeMerchantEvent } from '../record/merchant-events.ts';
import { userNameOf } from '../record/merchant-row.ts';

/** Notes on a merchant: newest first, editable by their author (or an admin), soft deleted. */

const noMerchant = () => new ProblemError(404, 'No merchant with this id.');
const noNote = () => new ProblemError(404, 'No note with this id on this merchant.');

/**
 * The merchant a sub-resource belongs to. Reads accept a deleted merchant (its view stays
 * readable); `live` needs one not deleted; `write` (inside the write's transaction) also holds
 * it with a share lock, so a concurrent delete waits for the write.
 */
export async function findMerchant(db: Db, id: string, mode: 'read' | 'live' | 'write'): Promise<void> {
  const base = db.select({ id: merchants.id }).from(merchants);
  const where = mode === 'read' ? eq(merchants.id, id) : and(eq(merchants.id, id), isNull(merchants.deletedAt));
  const [row] = mode === 'write' ? await base.where(where).for('share') : await base.where(where);
  if (!row) throw noMerchant();
}

/** The first line of a note, cut short: what the timeline and the audit row show of it. */
export function excerptOf(body: string, max = 140): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function selectNotes(db: Db) {
  const n = merchantNotes;
  return db
    .select({
      id: n.id,
      createdAt: n.createdAt,
      updatedAt: n.updatedAt,
      createdBy: n.createdBy,
      updatedBy: n.updatedBy,
      deletedAt: n.deletedAt,
      merchantId: n.merchantId,
      body: n.body,
      mentions: n.mentions,
      authorName: userNameOf(users),
    })
    .from(n)
    .leftJoin(users, eq(users.id, n.createdBy));
}

type NoteRow = Awaited<ReturnType<typeof selectNotes>>[number];

function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    merchantId: row.merchantId,
    body: row.body,
    author: row.createdBy === null ? null : { id: row.createdBy, name: row.authorName ?? '' },
    mentions: row.mentions,
  };
}

async function readNote(db: Db, merchantId: string, noteId: string): Promise<Note> {
  const [row] = await selectNotes(db).where(
    and(eq(merchantNotes.id, noteId), eq(merchantNotes.merchantId, merchantId)),
  );
  if (!row) throw noNote();
  return toNote(row);
}

export async function listNotes(db: Db, merchantId: string): Promise<Note[]> {
  await findMerchant(db, merchantId, 'read');
  const rows = await selectNotes(db)
    .where(and(eq(merchantNotes.merchantId, merchantId), isNull(merchantNotes.deletedAt)))
    .orderBy(desc(merchantNotes.createdAt), desc(merchantNotes.id));
  return rows.map(toNote);
}

async function audit(tx: Db, caller: Caller, action: string, merchantId: string, changes: Record<string, unknown>) {
  await writeAudit(tx, {
    action: `merchant.note.${action}`,
    outcome: 'success',
    ...auditActor(caller.actor),
    subjectType: 'merchant',
    subjectId: merchantId,
    changes,
    ip: caller.ip,
  });
}

/** The users a note mentions: each once, and each a user who exists (400 otherwise). */
async function checkedMentions(tx: Db, mentions: readonly string[] | undefined): Promise<string[]> {
  const ids = [...new Set(mentions ?? [])];
  if (ids.length === 0) return [];
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  if (found.length !== ids.length) {
    const message = 'Mention users from the list';
    throw new ProblemError(400, message, { errors: { mentions: [message] } });
  }
  return ids;
}

/**
 * Adds a note: the note, its timeline entry (note_added), the audit row and the notifications of
 * the users it mentions commit together.
 */
export async function createNote(
  db: Db,
  caller: Caller,
  merchantId: string,
  input: { body: string; mentions?: string[] | undefined },
): Promise<Note> {
  const id = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await findMerchant(tx, merchantId, 'write');
    const mentions = await checkedMentions(tx, input.mentions);
    const [row] = await tx
      .insert(merchantNotes)
      .values({
        merchantId,
        body: input.body,
        mentions,
        createdAt: caller.now,
        updatedAt: caller.now,
        createdBy: caller.actor.userId,
        updatedBy: caller.actor.userId,
      })
      .returning({ id: merchantNotes.id });
    const noteId = row!.id;
    const excerpt = excerptOf(input.body);
    await writeMerchantEvent(tx, caller, merchantId, 'note_added', { noteId, excerpt });
    await audit(tx, caller, 'create', merchantId, { noteId, excerpt: { to: excerpt } });
    const authorId = caller.actor.userId;
    await notifyMentions(tx, { merchantId, noteId, authorId, mentions, excerpt, at: caller.now });
    return noteId;
  });
  return readNote(db, merchantId, id);
}

/** The live note, locked, after checking the caller may change it. */
async function lockChangeable(tx: Db, caller: Caller, merchantId: string, noteId: string) {
  await findMerchant(tx, merchantId, 'write');
  const [note] = await tx
    .select()
    .from(merchantNotes)
    .where(and(eq(merchantNotes.id, noteId), eq(merchantNotes.merchantId, merchantId), isNull(merchantNotes.deletedAt)))
    .for('update');
  if (!note) throw noNote();
  const refusal = noteChangeRefusal({ id: caller.actor.userId, role: caller.actor.role }, note.createdBy);
  if (refusal) throw new ProblemError(403, refusal);
  return note;
}

/**
 * Edits a note (its author or an admin), with the updatedAt it was based on: a note changed
 * meanwhile is a 409. The note, its timeline entry (note_updated, the excerpt before and after)
 * and the audit row commit together.
 */
export async function updateNote(
  db: Db,
  caller: Caller,
  merchantId: string,
  noteId: string,
  input: { body: string; mentions?: string[] | undefined; updatedAt?: string | undefined; id?: string | undefined },
): Promise<Note> {
  if (input.id !== undefined && input.id !== noteId) {
    const message = 'The note id does not match the address it was sent to';
    throw new ProblemError(400, message, { errors: { id: [message] } });
  }
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const note = await lockChangeable(tx, caller, merchantId, noteId);
    assertCurrentVersion(
      input.updatedAt,
      note.updatedAt,
      'This note was changed by someone else since you opened it. Reload it to see their changes.',
    );
    // Absent: the mentions stay as they were (an edit from a client that does not send them).
    const mentions = input.mentions === undefined ? note.mentions : await checkedMentions(tx, input.mentions);
    const added = mentions.filter((m) => !note.mentions.includes(m));
    if (note.body === input.body && added.length === 0 && mentions.length === note.mentions.length) return;
    await tx
      .update(merchantNotes)
      .set({ body: input.body, mentions, updatedAt: caller.now, updatedBy: caller.actor.userId })
      .where(eq(merchantNotes.id, noteId));
    const excerpt = { from: excerptOf(note.body), to: excerptOf(input.body) };
    await writeMerchantEvent(tx, caller, merchantId, 'note_updated', { noteId, changes: { note: excerpt } });
    await audit(tx, caller, 'update', merchantId, { noteId, excerpt });
    // Only the users the edit adds: those mentioned before were told when they were.
    const authorId = caller.actor.userId;
    await notifyMentions(tx, { merchantId, noteId, authorId, mentions: added, excerpt: excerpt.to, at: caller.now });
  });
  return readNote(db, merchantId, noteId);
}

/** Removes a note (soft: the row stays), with its timeline entry (note_removed) and audit row in one transaction. */
export async function removeNote(db: Db, caller: Caller, merchantId: string, noteId: string): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const note = await lockChangeable(tx, caller, merchantId, noteId);
    await tx
      .update(merchantNotes)
      .set({ deletedAt: caller.now, updatedAt: caller.now, updatedBy: caller.actor.userId })
      .where(eq(merchantNotes.id, noteId));
    const excerpt = excerptOf(note.body);
    await writeMerchantEvent(tx, caller, merchantId, 'note_removed', { noteId, excerpt });
    await audit(tx, caller, 'delete', merchantId, { noteId, excerpt: { from: excerpt } });
  });
}
