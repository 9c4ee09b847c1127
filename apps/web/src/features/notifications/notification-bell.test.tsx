import type { Notification } from '@boardwalk/shared/schemas/notification';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { NotificationBell } from './notification-bell.tsx';
// Loaded before the bell asks for it lazily: a module vitest is still linking when a lazy import
// reaches it fails ("Module status must not be unlinked or linking").
import { PANEL_SIZE } from './notification-panel.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MERCHANT = '01a22000-0000-7000-8000-0000000000bb';
const note = (id: string, readAt: string | null): Notification => ({
  id,
  kind: 'mentioned',
  title: `Ann mentioned you on Blue Harbor (${id.slice(-2)})`,
  body: '@Bob please check',
  merchantId: MERCHANT,
  link: `/merchant/view/${MERCHANT}`,
  createdAt: '2026-11-28T12:00:00.000Z',
  readAt,
});
const UNREAD = note('01a22000-0000-7000-8000-0000000000a1', null);
const READ = note('01a22000-0000-7000-8000-0000000000a2', '2026-11-28T12:05:00.000Z');

describe('NotificationBell', { timeout: 60_000 }, () => {
  it('shows the unread count, follows it when it rises, and opens a notification’s merchant', async () => {
    const user = userEvent.setup();
    let unread = 1;
    const api = fakeFetch({
      'GET /api/me/notifications/unread': () => ({ body: { unread, latestId: UNREAD.id } }),
      'GET /api/me/notifications': () => ({ body: { notifications: [UNREAD, READ], total: 2, unread } }),
      [`POST /api/me/notifications/${UNREAD.id}/read`]: () => ({
        body: { ...UNREAD, readAt: '2026-11-28T12:10:00.000Z' },
      }),
      'POST /api/me/notifications/read-all': () => ({ body: { marked: 1 } }),
    });
    const { router } = renderPage(<NotificationBell />, { url: '/home', path: '*', role: 'ROLE_STAFF' });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    // A notification arrives: the next ask (here, the tab coming back into focus) shows it.
    unread = 2;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });

    await user.click(bell);
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/me/notifications')[0]?.search.get('pageSize')).toBe(String(PANEL_SIZE)),
    );
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(panel).findAllByRole('button', { name: /Ann mentioned you/ });
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('(unread)'),
      expect.not.stringContaining('(unread)'),
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/me/notifications/read-all')).toHaveLength(1));

    // Keyboard: the list's first entry, Enter.
    items[0]!.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('POST', `/api/me/notifications/${UNREAD.id}/read`)).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/merchant/view/${MERCHANT}`));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('says so when there is nothing, and is not there for agents', async () => {
    const user = userEvent.setup();
    fakeFetch({
      'GET /api/me/notifications/unread': () => ({ body: { unread: 0, latestId: null } }),
      'GET /api/me/notifications': () => ({ body: { notifications: [], total: 0, unread: 0 } }),
    });
    renderPage(<NotificationBell />, { url: '/home', role: 'ROLE_STAFF' });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('No notifications yet.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    cleanup();

    const agent = fakeFetch({});
    renderPage(<NotificationBell />, { url: '/acl', role: 'ROLE_AGENT' });
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(agent.callsTo('GET', '/api/me/notifications/unread')).toHaveLength(0);
  });

  // The name holds the badge's text (axe: label-content-name-mismatch), "99+" past 99.
  it('names past 99 unread as the badge shows them', async () => {
    fakeFetch({ 'GET /api/me/notifications/unread': () => ({ body: { unread: 100, latestId: null } }) });
    renderPage(<NotificationBell />, { url: '/home', role: 'ROLE_STAFF' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
    expect(bell).toHaveTextContent('99+');
  });
});
