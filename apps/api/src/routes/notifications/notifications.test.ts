import type { NotificationCount, NotificationList, NotificationPreferences } from '@boardwalk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { jsonClient, type ProblemBody } from '../../test/json-client.ts';
import { createUser, signIn, signInAs } from '../../test/sign-in.ts';
import { addNotification } from './notifications-test-helpers.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

describe('/api/me/notifications and preferences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ start: NOW });
  });
  afterAll(() => t.close());

  it('lists one’s own, newest or unread first, and marks them read per user', async () => {
    const ann = await createUser(t.db);
    const bob = await createUser(t.db);
    const old = await addNotification(t.db, ann.id, 'Old', minutesAgo(30));
    const mid = await addNotification(t.db, ann.id, 'Middle', minutesAgo(20));
    const recent = await addNotification(t.db, ann.id, 'Recent', minutesAgo(10));
    const bobs = await addNotification(t.db, bob.id, 'Bob’s', minutesAgo(5));
    const api = jsonClient(t, await signIn(t, ann.email));

    const newest = await api.get<NotificationList>('/api/me/notifications');
    expect(newest.status).toBe(200);
    expect(newest.body.notifications.map((n) => n.id)).toEqual([recent, mid, old]);
    expect(newest.body).toMatchObject({ total: 3, unread: 3 });

    const read = await api.post<{ readAt: string }>(`/api/me/notifications/${recent}/read`, {});
    expect(read.status).toBe(200);
    expect(read.body.readAt).toBe(NOW.toISOString());
    const unreadFirst = await api.get<NotificationList>('/api/me/notifications?order=unread');
    expect(unreadFirst.body.notifications.map((n) => n.id)).toEqual([mid, old, recent]);
    expect(unreadFirst.body.unread).toBe(2);
    const page = await api.get<NotificationList>('/api/me/notifications?page=1&pageSize=2');
    expect(page.body.notifications.map((n) => n.id)).toEqual([old]);

    // Another user's notification does not exist for Ann; Bob's stays unread.
    expect((await api.post<ProblemBody>(`/api/me/notifications/${bobs}/read`, {})).status).toBe(404);
    const bobApi = jsonClient(t, await signIn(t, bob.email));
    expect((await bobApi.get<NotificationCount>('/api/me/notifications/unread')).body.unread).toBe(1);
    expect((await bobApi.post(`/api/me/notifications/${old}/read`, {})).status).toBe(404);

    const all = await api.post<{ marked: number }>('/api/me/notifications/read-all', {});
    expect(all.body.marked).toBe(2);
    expect((await api.get<NotificationCount>('/api/me/notifications/unread')).body.unread).toBe(0);
    expect((await bobApi.get<NotificationCount>('/api/me/notifications/unread')).body.unread).toBe(1);
    expect((await api.get<ProblemBody>('/api/me/notifications?order=oldest')).status).toBe(400);
    expect((await api.post<ProblemBody>('/api/me/notifications/not-an-id/read', {})).status).toBe(400);
  });

  it('answers the unread count with an ETag, and 304 while nothing changed', async () => {
    const ann = await createUser(t.db);
    const cookie = await signIn(t, ann.email);
    const ask = (etag?: string) =>
      t.app.request('/api/me/notifications/unread', {
        headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const first = await ask();
    expect(await first.json()).toEqual({ unread: 0, latestId: null });
    const etag = first.headers.get('etag')!;
    expect((await ask(etag)).status).toBe(304);
    const id = await addNotification(t.db, ann.id, 'New', NOW);
    const changed = await ask(etag);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ unread: 1, latestId: id });
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('keeps preferences per kind, with defaults until a user chooses', async () => {
    const ann = await createUser(t.db);
    const api = jsonClient(t, await signIn(t, ann.email));
    const defaults = await api.get<NotificationPreferences>('/api/me/notification-preferences');
    expect(defaults.status).toBe(200);
    expect(defaults.body.preferences.assigned).toEqual({ inApp: true, email: false });
    expect(defaults.body.preferences.mentioned).toEqual({ inApp: true, email: true });
    const chosen = {
      preferences: { ...defaults.body.preferences, assigned: { inApp: false, email: true } },
    };
    const put = await api.put<NotificationPreferences>('/api/me/notification-preferences', chosen);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(chosen);
    expect((await api.get('/api/me/notification-preferences')).body).toEqual(chosen);
    // Another user still has the defaults.
    const other = jsonClient(t, (await signInAs(t, 'ROLE_STAFF')).cookie);
    expect((await other.get<NotificationPreferences>('/api/me/notification-preferences')).body).toEqual(defaults.body);

    const missing = await api.put<ProblemBody>('/api/me/notification-preferences', {
      preferences: { assigned: { inApp: true, email: false } },
    });
    expect(missing.status).toBe(400);
    const wrong = await api.put<ProblemBody>('/api/me/notification-preferences', {
      preferences: { ...chosen.preferences, sla: { inApp: 'yes', email: false } },
    });
    expect(wrong.status).toBe(400);
  });

  it('refuses agents and anonymous callers', async () => {
    const agent = jsonClient(t, (await signInAs(t, 'ROLE_AGENT')).cookie);
    expect((await agent.get('/api/me/notifications')).status).toBe(403);
    expect((await agent.get('/api/me/notifications/unread')).status).toBe(403);
    expect((await jsonClient(t).get('/api/me/notifications/unread')).status).toBe(401);
  });
});
