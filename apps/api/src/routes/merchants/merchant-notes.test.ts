import type { MerchantEvent, Note } from '@boardwalk/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { merchantEvents, merchants } from '../../db/schema/merchants.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { failInsertsInto } from '../../test/merchant-record-context.ts';
import { signInAs, type TestUser } from '../../test/sign-in.ts';
import { insertTestMerchant } from '../../test/test-merchant.ts';

describe('merchant notes API', () => {
  let t: TestApp;
  let staff: JsonClient;
  let staffUser: TestUser;
  let colleague: JsonClient;
  let admin: JsonClient;
  let agent: JsonClient;

  beforeAll(async () => {
    t = await createTestApp();
    const s = await signInAs(t, 'ROLE_STAFF');
    staff = jsonClient(t, s.cookie);
    staffUser = s.user;
    colleague = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
    admin = jsonClient(t, (await signInAs(t, 'ROLE_ADMIN')).cookie);
    agent = jsonClient(t, (await signInAs(t, 'ROLE_AGENT')).cookie);
  });
  afterAll(() => t.close());

  const notesOf = (id: string) => `/api/merchants/${id}/notes`;

  it('adds notes and lists them newest first with the author’s name; each add is on the timeline and audited', async () => {
    const merchant = await insertTestMerchant(t);
    const first = await staff.post<Note>(notesOf(merchant.id), {
      body: '  Called the owner; statements promised by Friday.  ',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      merchantId: merchant.id,
      body: 'Called the owner; statements promised by Friday.',
      author: { id: staffUser.id, name: staffUser.displayName },
      deletedAt: null,
    });
    t.clock.advance(1000);
    const second = await colleague.post<Note>(notesOf(merchant.id), { body: 'x'.repeat(300) });
    expect(second.status).toBe(201);

    const list = await staff.get<{ notes: Note[] }>(notesOf(merchant.id));
    expect(list.status).toBe(200);
    expect(list.body.notes.map((n) => n.id)).toEqual([second.body.id, first.body.id]);

    const events = await t.db
      .select()
      .from(merchantEvents)
      .where(eq(merchantEvents.merchantId, merchant.id))
      .orderBy(desc(merchantEvents.at));
    expect(events.map((e) => e.type)).toEqual(['note_added', 'note_added']);
    expect(events[1]!.data).toEqual({
      noteId: first.body.id,
      excerpt: 'Called the owner; statements promised by Friday.',
    });
    expect(events[1]!.actorUserId).toBe(staffUser.id);
    expect((events[0]!.data as { excerpt: string }).excerpt).toHaveLength(140);

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'merchant.note.create'), eq(auditLog.subjectId, merchant.id)));
    expect(audits).toHaveLength(2);
    expect(audits.find((a) => a.actorUserId === staffUser.id)).toMatchObject({
      subjectType: 'merchant',
      outcome: 'success',
      changes: { noteId: first.body.id },
    });
  });

  it('refuses an empty note with a 400 on body and stores nothing', async () => {
    const merchant = await insertTestMerchant(t);
    const res = await staff.post<ProblemBody>(notesOf(merchant.id), { body: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('body');
    expect((await staff.get<{ notes: Note[] }>(notesOf(merchant.id))).body.notes).toEqual([]);
  });

  it('lets the author edit with the updatedAt read; a stale one is a 409, none a 428', async () => {
    const merchant = await insertTestMerchant(t);
    const note = (await staff.post<Note>(notesOf(merchant.id), { body: 'First draft' })).body;
    t.clock.advance(1000);
    const edited = await staff.patch<Note>(`${notesOf(merchant.id)}/${note.id}`, {
      body: 'Second draft',
      updatedAt: note.updatedAt,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: 'Second draft', author: { id: staffUser.id } });
    expect(edited.body.updatedAt > note.updatedAt).toBe(true);

    const stale = await staff.patch<ProblemBody & { code: string }>(`${notesOf(merchant.id)}/${note.id}`, {
      body: 'Third draft',
      updatedAt: note.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale_update');
    const missing = await staff.patch(`${notesOf(merchant.id)}/${note.id}`, { body: 'Third draft' });
    expect(missing.status).toBe(428);
    const list = await staff.get<{ notes: Note[] }>(notesOf(merchant.id));
    expect(list.body.notes[0]!.body).toBe('Second draft');
  });

  it('lets only the author or an admin edit and remove a note', async () => {
    const merchant = await insertTestMerchant(t);
    const note = (await staff.post<Note>(notesOf(merchant.id), { body: 'Mine' })).body;
    const path = `${notesOf(merchant.id)}/${note.id}`;
    const other = await colleague.patch<ProblemBody>(path, { body: 'Not yours', updatedAt: note.updatedAt });
    expect(other.status).toBe(403);
    expect((await colleague.delete(path)).status).toBe(403);

    const byAdmin = await admin.patch<Note>(path, { body: 'Moderated', updatedAt: note.updatedAt });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.author?.id).toBe(staffUser.id);

    expect((await staff.delete(path)).status).toBe(204);
    expect((await staff.get<{ notes: Note[] }>(notesOf(merchant.id))).body.notes).toEqual([]);
    expect((await staff.delete(path)).status).toBe(404);
    expect((await staff.patch(path, { body: 'gone', updatedAt: byAdmin.body.updatedAt })).status).toBe(404);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'merchant.note.delete'), eq(auditLog.subjectId, merchant.id)));
    expect(audit?.changes).toMatchObject({ noteId: note.id });
  });

  it('puts an edit and a removal on the timeline (note_updated, note_removed), committed with the change or not at all', async () => {
    const merchant = await insertTestMerchant(t);
    const note = (await staff.post<Note>(notesOf(merchant.id), { body: 'Statements promised by Friday' })).body;
    const path = `${notesOf(merchant.id)}/${note.id}`;
    t.clock.advance(1000);
    const edited = await staff.patch<Note>(path, { body: 'Statements received', updatedAt: note.updatedAt });
    expect(edited.status).toBe(200);
    // The same body again changes nothing and writes no event.
    expect((await staff.patch(path, { body: 'Statements received', updatedAt: edited.body.updatedAt })).status).toBe(
      200,
    );

    // A failing timeline insert undoes the edit and the removal with it.
    const restore = await failInsertsInto(t, 'merchant_events', `NEW.merchant_id = '${merchant.id}'`);
    try {
      expect((await staff.patch(path, { body: 'Lost', updatedAt: edited.body.updatedAt })).status).toBe(500);
      expect((await staff.delete(path)).status).toBe(500);
    } finally {
      await restore();
    }
    const kept = await staff.get<{ notes: Note[] }>(notesOf(merchant.id));
    expect(kept.body.notes.map((n) => n.body)).toEqual(['Statements received']);

    t.clock.advance(1000);
    expect((await staff.delete(path)).status).toBe(204);

    const timeline = await staff.get<{ events: MerchantEvent[] }>(`/api/merchants/${merchant.id}/events`);
    expect(timeline.status).toBe(200);
    const [removed, updated] = timeline.body.events;
    expect(removed).toMatchObject({
      type: 'note_removed',
      actor: { id: staffUser.id },
      data: { noteId: note.id, excerpt: 'Statements received' },
    });
    expect(updated).toMatchObject({
      type: 'note_updated',
      actor: { id: staffUser.id },
      data: {
        noteId: note.id,
        changes: { note: { from: 'Statements promised by Friday', to: 'Statements received' } },
      },
    });
    expect(timeline.body.events.map((e) => e.type)).toEqual(['note_removed', 'note_updated', 'note_added']);
  });

  it('answers 404 for an unknown merchant, and for writes on a deleted one (reading still works)', async () => {
    const unknown = '01960000-0000-7000-8000-00000000abcd';
    expect((await staff.get(notesOf(unknown))).status).toBe(404);
    expect((await staff.post(notesOf(unknown), { body: 'x' })).status).toBe(404);
    expect((await staff.get(notesOf('not-a-uuid'))).status).toBe(400);

    // A note is reached only through its own merchant.
    const owner = await insertTestMerchant(t);
    const other = await insertTestMerchant(t);
    const elsewhere = (await staff.post<Note>(notesOf(owner.id), { body: 'On the owner' })).body;
    const wrongPath = `${notesOf(other.id)}/${elsewhere.id}`;
    expect((await staff.patch(wrongPath, { body: 'x', updatedAt: elsewhere.updatedAt })).status).toBe(404);
    expect((await staff.delete(wrongPath)).status).toBe(404);

    const merchant = await insertTestMerchant(t);
    const note = (await staff.post<Note>(notesOf(merchant.id), { body: 'Before the delete' })).body;
    await t.db.update(merchants).set({ deletedAt: new Date() }).where(eq(merchants.id, merchant.id));
    expect((await staff.post(notesOf(merchant.id), { body: 'After' })).status).toBe(404);
    expect(
      (await staff.patch(`${notesOf(merchant.id)}/${note.id}`, { body: 'After', updatedAt: note.updatedAt })).status,
    ).toBe(404);
    expect((await staff.delete(`${notesOf(merchant.id)}/${note.id}`)).status).toBe(404);
    const list = await staff.get<{ notes: Note[] }>(notesOf(merchant.id));
    expect(list.body.notes.map((n) => n.body)).toEqual(['Before the delete']);
  });

  it('refuses an agent with 403 on every note route', async () => {
    const merchant = await insertTestMerchant(t);
    const note = (await staff.post<Note>(notesOf(merchant.id), { body: 'Staff only' })).body;
    const path = `${notesOf(merchant.id)}/${note.id}`;
    expect((await agent.get(notesOf(merchant.id))).status).toBe(403);
    expect((await agent.post(notesOf(merchant.id), { body: 'x' })).status).toBe(403);
    expect((await agent.patch(path, { body: 'x', updatedAt: note.updatedAt })).status).toBe(403);
    expect((await agent.delete(path)).status).toBe(403);
  });
});
