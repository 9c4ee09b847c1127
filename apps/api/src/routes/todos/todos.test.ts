import type { Todo, TodoCounts, TodoListResponse } from '@boardwalk/shared/schemas/todo';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { merchantEvents, merchants } from '../../db/schema/merchants.ts';
import { todos } from '../../db/schema/todos.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { createUser, signInAs, type TestUser } from '../../test/sign-in.ts';
import { insertTestMerchant } from '../../test/test-merchant.ts';

/**
 * /api/todos: writes with their audit rows and timeline entries, trash, stale
 * updates, refusals. The views and filters are in todo-views.test.ts.
 */
describe('todos API: writes', () => {
  let t: TestApp;
  let staff: JsonClient;
  let staffUser: TestUser;
  let agent: JsonClient;

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-23T12:30:00Z') });
    const s = await signInAs(t, 'ROLE_STAFF');
    staff = jsonClient(t, s.cookie);
    staffUser = s.user;
    agent = jsonClient(t, (await signInAs(t, 'ROLE_AGENT')).cookie);
  });
  afterAll(() => t.close());

  const storedCount = async () => (await t.db.select({ n: count() }).from(todos))[0]!.n;

  it('adds a todo with defaults (the caller as assignee), tags cleaned, and an audit row', async () => {
    const res = await staff.post<Todo>('/api/todos', {
      data: { title: '  Call the owner  ', tags: [' Docs ', 'docs', 'KYC'], dueOn: '2026-11-23', dueTime: '09:30' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Call the owner',
      description: '',
      dueOn: '2026-11-23',
      dueTime: '09:30',
      assignee: { id: staffUser.id, name: staffUser.displayName },
      merchant: null,
      priority: 'normal',
      tags: ['docs', 'kyc'],
      isImportant: false,
      isCompleted: false,
      completedAt: null,
      completedBy: null,
      deletedAt: null,
      createdBy: staffUser.id,
    });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'todo.create'), eq(auditLog.subjectId, res.body.id)));
    expect(row).toMatchObject({ subjectType: 'todo', actorUserId: staffUser.id, outcome: 'success' });
    expect(row!.changes).toMatchObject({ title: { to: 'Call the owner' } });

    const unassigned = await staff.post<Todo>('/api/todos', { data: { title: 'Anyone', assigneeId: null } });
    expect(unassigned.body.assignee).toBeNull();
    expect((await staff.get<Todo>(`/api/todos/${res.body.id}`)).body.title).toBe('Call the owner');
  });

  it('refuses bad input with 400 and field errors, and stores nothing', async () => {
    const before = await storedCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'Timed', dueTime: '09:00' }, 'dueTime'],
      [{ title: 'Bad time', dueOn: '2026-11-23', dueTime: '25:00' }, 'dueTime'],
      [{ title: 'Bad date', dueOn: '2026-02-30' }, 'dueOn'],
      [{ title: 'Bad priority', priority: 'urgent' }, 'priority'],
      [{ title: 'Bad tag', tags: ['a,b'] }, 'tags.0'],
      [{ title: 'Too many tags', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags'],
      [{ title: 'No such merchant', merchantId: '01960000-0000-7000-8000-00000000abcd' }, 'merchantId'],
      [{ title: 'No such user', assigneeId: '01960000-0000-7000-8000-00000000abcd' }, 'assigneeId'],
      [{ title: 'NUL \u0000' }, 'title'],
    ];
    for (const [data, field] of cases) {
      const res = await staff.post<ProblemBody>('/api/todos', { data });
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(data)).toContain(field);
    }
    const deleted = await insertTestMerchant(t, { deletedAt: new Date() });
    const gone = await staff.post<ProblemBody>('/api/todos', { data: { title: 'Gone', merchantId: deleted.id } });
    expect(gone.body.errors).toHaveProperty('merchantId');
    expect(await storedCount()).toBe(before);
  });

  it('links a merchant: the todo names it, and adding and completing it are on its timeline', async () => {
    const merchant = await insertTestMerchant(t);
    const created = await staff.post<Todo>('/api/todos', {
      data: { title: 'Collect statements', merchantId: merchant.id },
    });
    expect(created.status).toBe(201);
    expect(created.body.merchant).toEqual({ id: merchant.id, name: merchant.dbaName, deleted: false });
    t.clock.advance(60_000);
    const done = await staff.patch<Todo>(`/api/todos/${created.body.id}`, {
      id: created.body.id,
      isCompleted: true,
      updatedAt: created.body.updatedAt,
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      isCompleted: true,
      completedAt: t.clock.now().toISOString(),
      completedBy: { id: staffUser.id },
    });
    const events = await t.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, merchant.id));
    expect(events.map((e) => [e.type, (e.data as { summary: string }).summary])).toEqual([
      ['todo', 'added the todo “Collect statements”'],
      ['todo', 'completed the todo “Collect statements”'],
    ]);
    expect(events.every((e) => (e.data as { todoId: string }).todoId === created.body.id)).toBe(true);

    // Reopening clears who and when; it is not a timeline event.
    const reopened = await staff.patch<Todo>(`/api/todos/${created.body.id}`, {
      isCompleted: false,
      updatedAt: done.body.updatedAt,
    });
    expect(reopened.body).toMatchObject({ isCompleted: false, completedAt: null, completedBy: null });
    const after = await t.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, merchant.id));
    expect(after).toHaveLength(2);

    // The merchant's deletion leaves the todo readable, marked.
    await t.db.update(merchants).set({ deletedAt: new Date() }).where(eq(merchants.id, merchant.id));
    expect((await staff.get<Todo>(`/api/todos/${created.body.id}`)).body.merchant?.deleted).toBe(true);
  });

  it('needs the updatedAt read (428 without, 409 when stale) and changes only what was sent', async () => {
    const todo = (await staff.post<Todo>('/api/todos', { data: { title: 'Versioned', priority: 'low' } })).body;
    const path = `/api/todos/${todo.id}`;
    const missing = await staff.patch<ProblemBody & { code: string }>(path, { title: 'No version' });
    expect(missing.status).toBe(428);
    t.clock.advance(1000);
    const first = await staff.patch<Todo>(path, { title: 'Second', isImportant: true, updatedAt: todo.updatedAt });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ title: 'Second', isImportant: true, priority: 'low' });
    const stale = await staff.patch<ProblemBody & { code: string }>(path, {
      title: 'Third',
      updatedAt: todo.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale_update');
    const wrongId = await staff.patch<ProblemBody>(path, {
      id: '01960000-0000-7000-8000-00000000abcd',
      title: 'x',
      updatedAt: first.body.updatedAt,
    });
    expect(wrongId.status).toBe(400);
    const timeOnly = await staff.patch<ProblemBody>(path, { dueTime: '10:00', updatedAt: first.body.updatedAt });
    expect(timeOnly.status).toBe(400);
    expect(timeOnly.body.errors).toHaveProperty('dueTime');
    expect((await staff.get<Todo>(path)).body.title).toBe('Second');

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'todo.update'), eq(auditLog.subjectId, todo.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.changes).toEqual({
      title: { from: 'Versioned', to: 'Second' },
      isImportant: { from: false, to: true },
    });
  });

  it('moves a todo to the trash, restores it, and removes it for good from the trash', async () => {
    const todo = (await staff.post<Todo>('/api/todos', { data: { title: 'Disposable' } })).body;
    const path = `/api/todos/${todo.id}`;
    expect((await staff.delete(path)).status).toBe(204);
    const trashed = await staff.get<Todo>(path);
    expect(trashed.body.deletedAt).not.toBeNull();
    const inTrash = await staff.get<TodoListResponse>('/api/todos?view=trash&assignee=me');
    expect(inTrash.body.todos.map((x) => x.id)).toContain(todo.id);
    const inAll = await staff.get<TodoListResponse>('/api/todos?view=all&assignee=me');
    expect(inAll.body.todos.map((x) => x.id)).not.toContain(todo.id);
    // A todo in the trash is not edited; it is restored first.
    expect((await staff.patch(path, { title: 'x', updatedAt: trashed.body.updatedAt })).status).toBe(404);

    const restored = await staff.post<Todo>(`${path}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body.deletedAt).toBeNull();
    expect((await staff.post(`${path}/restore`, {})).status).toBe(404);

    expect((await staff.delete(path)).status).toBe(204);
    expect((await staff.delete(path)).status).toBe(204);
    expect((await staff.get(path)).status).toBe(404);
    expect((await staff.delete(path)).status).toBe(404);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectId, todo.id))
      .orderBy(auditLog.at);
    expect(actions.map((a) => a.action)).toEqual([
      'todo.create',
      'todo.delete',
      'todo.restore',
      'todo.delete',
      'todo.purge',
    ]);
  });

  it('refuses an agent with 403 on every todo route (agents read only the acl page)', async () => {
    const todo = (await staff.post<Todo>('/api/todos', { data: { title: 'Staff only' } })).body;
    const path = `/api/todos/${todo.id}`;
    expect((await agent.get('/api/todos')).status).toBe(403);
    expect((await agent.get('/api/todos/counts')).status).toBe(403);
    expect((await agent.get(path)).status).toBe(403);
    expect((await agent.post('/api/todos', { data: { title: 'x' } })).status).toBe(403);
    expect((await agent.patch(path, { title: 'x', updatedAt: todo.updatedAt })).status).toBe(403);
    expect((await agent.delete(path)).status).toBe(403);
    expect((await agent.post(`${path}/restore`, {})).status).toBe(403);
    expect((await staff.get<Todo>(path)).body.deletedAt).toBeNull();
  });

  it('lets another staff member assign and complete a colleague’s todo', async () => {
    const colleague = await createUser(t.db);
    const todo = (await staff.post<Todo>('/api/todos', { data: { title: 'Hand over', assigneeId: colleague.id } }))
      .body;
    expect(todo.assignee?.id).toBe(colleague.id);
    const list = await staff.get<TodoListResponse>(`/api/todos?assignee=${colleague.id}`);
    expect(list.body.todos.map((x) => x.id)).toEqual([todo.id]);
    const counts = await staff.get<TodoCounts>(`/api/todos/counts?assignee=${colleague.id}`);
    expect(counts.body.views.all).toBe(1);
  });
});
