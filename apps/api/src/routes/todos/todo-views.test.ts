import type { Todo, TodoCounts, TodoListResponse, TodoView } from '@boardwalk/shared/schemas/todo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type JsonClient, type ProblemBody } from '../../test/json-client.ts';
import { createUser, signIn, signInAs, type TestUser } from '../../test/sign-in.ts';
import { insertTestMerchant } from '../../test/test-merchant.ts';

/**
 * GET /api/todos and /api/todos/counts: every view and filter, on a fixed clock. 12:30 UTC on
 * 23 November 2026 is 04:30 that day in Los Angeles and 01:30 on the 24th in Auckland, so the
 * same rows fall into different views by the caller's time zone (decision 029).
 */
describe('todos API: views, filters and time zones', () => {
  let t: TestApp;
  let me: JsonClient;
  let meUser: TestUser;
  let other: TestUser;
  let merchantId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-23T12:30:00Z') });
    const s = await signInAs(t, 'ROLE_STAFF');
    me = jsonClient(t, s.cookie);
    meUser = s.user;
    other = await createUser(t.db);
    merchantId = (await insertTestMerchant(t)).id;
    const add = async (key: string, data: Record<string, unknown>) => {
      const res = await me.post<Todo>('/api/todos', { data: { title: key, ...data } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids[key] = res.body.id;
      return res.body;
    };
    await add('yesterday', { dueOn: '2026-11-22', tags: ['kyc'] });
    await add('today early', { dueOn: '2026-11-23', dueTime: '09:00', priority: 'high', merchantId });
    await add('today late', { dueOn: '2026-11-23', dueTime: '23:30', tags: ['kyc', 'calls'] });
    await add('today any time', { dueOn: '2026-11-23', isImportant: true });
    await add('tomorrow', { dueOn: '2026-11-24', merchantId, tags: ['calls'] });
    await add('undated', { description: 'Ask about the chargeback ratio' });
    await add('theirs', { dueOn: '2026-11-23', assigneeId: other.id, tags: ['kyc'] });
    await add('nobody', { assigneeId: null, dueOn: '2026-11-30' });
    const done = await add('done', { dueOn: '2026-11-20', tags: ['kyc'] });
    await me.patch(`/api/todos/${done.id}`, { isCompleted: true, updatedAt: done.updatedAt });
    const trashed = await add('trashed', { dueOn: '2026-11-23' });
    await me.delete(`/api/todos/${trashed.id}`);
  });
  afterAll(() => t.close());

  const titles = async (query: string) => {
    const res = await me.get<TodoListResponse>(`/api/todos?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.todos.map((x) => x.title);
  };

  it('answers each view for the caller’s todos in UTC, due order with the undated last', async () => {
    const expected: Record<TodoView, string[]> = {
      all: ['yesterday', 'today any time', 'today early', 'today late', 'tomorrow', 'undated'],
      today: ['today any time', 'today early', 'today late'],
      upcoming: ['tomorrow'],
      overdue: ['yesterday', 'today early'],
      important: ['today any time'],
      completed: ['done'],
      trash: ['trashed'],
    };
    for (const [view, list] of Object.entries(expected)) {
      expect(await titles(`assignee=me&view=${view}`), view).toEqual(list);
    }
    const res = await me.get<TodoListResponse>('/api/todos?assignee=me&view=today');
    expect(res.body.params).toMatchObject({ view: 'today', tz: 'UTC', today: '2026-11-23', assignee: 'me' });
    expect(res.body.total).toBe(3);
    expect(res.body.allData).toEqual([]);
    expect(res.body.todos[1]).toMatchObject({ priority: 'high', merchant: { id: merchantId } });
  });

  it('takes today from the tz param: Auckland is already on the 24th, Los Angeles at 04:30 on the 23rd', async () => {
    const auckland = 'tz=Pacific/Auckland&assignee=me';
    expect(await titles(`${auckland}&view=today`)).toEqual(['tomorrow']);
    expect(await titles(`${auckland}&view=overdue`)).toEqual([
      'yesterday',
      'today any time',
      'today early',
      'today late',
    ]);
    expect(await titles(`${auckland}&view=upcoming`)).toEqual([]);
    const res = await me.get<TodoListResponse>(`/api/todos?${auckland}&view=today`);
    expect(res.body.params).toMatchObject({ tz: 'Pacific/Auckland', today: '2026-11-24' });

    const la = 'tz=America/Los_Angeles&assignee=me';
    // 09:00 has not come yet in Los Angeles: due today, not overdue.
    expect(await titles(`${la}&view=overdue`)).toEqual(['yesterday']);
    expect(await titles(`${la}&view=today`)).toEqual(['today any time', 'today early', 'today late']);
  });

  it('moves a todo due today at a time into overdue once that time passes, on a day that changes at midnight', async () => {
    // 23:29 UTC: today late (23:30) is still due; at 23:31 it is overdue; after midnight everything of the 23rd is.
    // (A jump of hours outlives the session's idle limit: sign in again at each new time.)
    const at = async (iso: string) => {
      t.clock.set(new Date(iso));
      me = jsonClient(t, await signIn(t, meUser.email, meUser.password));
    };
    await at('2026-11-23T23:29:00Z');
    expect(await titles('assignee=me&view=overdue')).toEqual(['yesterday', 'today early']);
    await at('2026-11-23T23:30:00Z');
    expect(await titles('assignee=me&view=overdue')).toEqual(['yesterday', 'today early']);
    await at('2026-11-23T23:31:00Z');
    expect(await titles('assignee=me&view=overdue')).toEqual(['yesterday', 'today early', 'today late']);
    await at('2026-11-24T00:00:00Z');
    expect(await titles('assignee=me&view=today')).toEqual(['tomorrow']);
    expect(await titles('assignee=me&view=overdue')).toEqual([
      'yesterday',
      'today any time',
      'today early',
      'today late',
    ]);
    await at('2026-11-23T12:30:00Z');
  });

  it('filters by assignee (me, none, a user, everyone), tag, merchant, important and q', async () => {
    expect(await titles('view=today')).toEqual(['today any time', 'theirs', 'today early', 'today late']);
    expect(await titles(`assignee=${other.id}`)).toEqual(['theirs']);
    expect(await titles('assignee=none')).toEqual(['nobody']);
    expect(await titles('assignee=me&tag=kyc')).toEqual(['yesterday', 'today late']);
    expect(await titles('tag=KYC')).toEqual(['yesterday', 'theirs', 'today late']);
    expect(await titles('assignee=me&view=completed&tag=kyc')).toEqual(['done']);
    expect(await titles(`merchantId=${merchantId}`)).toEqual(['today early', 'tomorrow']);
    expect(await titles('assignee=me&important=true')).toEqual(['today any time']);
    expect(await titles('q=chargeback')).toEqual(['undated']);
    expect(await titles('q=TODAY%20late')).toEqual(['today late']);
    expect(await titles('q=%25')).toEqual([]);
  });

  it('sorts by an allow-listed column and pages with an exact total', async () => {
    expect(await titles('assignee=me&sort=title&order=asc')).toEqual([
      'today any time',
      'today early',
      'today late',
      'tomorrow',
      'undated',
      'yesterday',
    ]);
    expect((await titles('assignee=me&sort=priority&order=desc'))[0]).toBe('today early');
    const page = await me.get<TodoListResponse>('/api/todos?assignee=me&pageSize=4&page=1');
    expect(page.body.total).toBe(6);
    expect(page.body.todos.map((x) => x.title)).toEqual(['tomorrow', 'undated']);
  });

  it('counts every view and the open todos per tag for the left column', async () => {
    const mine = await me.get<TodoCounts>('/api/todos/counts?assignee=me');
    expect(mine.status).toBe(200);
    expect(mine.body.views).toEqual({
      all: 6,
      today: 3,
      upcoming: 1,
      overdue: 2,
      important: 1,
      completed: 1,
      trash: 1,
    });
    expect(mine.body.tags).toEqual([
      { tag: 'calls', count: 2 },
      { tag: 'kyc', count: 2 },
    ]);
    expect(mine.body.params).toEqual({ tz: 'UTC', today: '2026-11-23', assignee: 'me' });

    const auckland = await me.get<TodoCounts>('/api/todos/counts?assignee=me&tz=Pacific/Auckland');
    expect(auckland.body.views).toMatchObject({ today: 1, overdue: 4, upcoming: 0 });

    const everyone = await me.get<TodoCounts>('/api/todos/counts');
    expect(everyone.body.views).toMatchObject({ all: 8, today: 4 });
    expect(everyone.body.tags[0]).toEqual({ tag: 'kyc', count: 3 });

    const forMerchant = await me.get<TodoCounts>(`/api/todos/counts?merchantId=${merchantId}`);
    expect(forMerchant.body.views.all).toBe(2);
  });

  it('refuses an unknown view, time zone, sort or assignee with a 400 naming it', async () => {
    for (const [query, field] of [
      ['view=someday', 'view'],
      ['tz=Mars/Olympus_Mons', 'tz'],
      ['sort=assigneeId', 'sort'],
      ['assignee=someone', 'assignee'],
      ['pageSize=101', 'pageSize'],
    ] as const) {
      const res = await me.get<ProblemBody>(`/api/todos?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), query).toContain(field);
    }
    expect((await me.get<ProblemBody>('/api/todos/counts?tz=Nowhere')).status).toBe(400);
  });
});
