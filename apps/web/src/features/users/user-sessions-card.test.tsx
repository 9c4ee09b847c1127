import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@boardwalk/shared/schemas/user';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { UserSessionsCard } from './user-sessions-card.tsx';

const ID = '00000000-0000-7000-8000-0000000000aa';
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const session = (n: number, userAgent: string | null) => ({
  id: `00000000-0000-7000-8000-00000000000${n}`,
  createdAt: '2025-01-02T08:00:00.000Z',
  lastSeenAt: '2025-01-02T09:00:00.000Z',
  expiresAt: '2025-01-02T20:00:00.000Z',
  ip: `10.0.0.${n}`,
  userAgent,
  current: false,
});

describe('UserSessionsCard', { timeout: 60_000 }, () => {
  it('names each device by browser and system, with the raw user agent as its tooltip', async () => {
    fakeFetch({
      [`GET /api/users/${ID}/sessions`]: () => ({
        body: { sessions: [session(1, CHROME_ON_LINUX), session(2, 'SomeBot/1.0'), session(3, null)] },
      }),
    });
    renderPage(<UserSessionsCard user={{ id: ID, firstName: 'Grace', lastName: 'Hopper' } as User} />);
    const table = await screen.findByRole('grid', { name: 'Open sessions' });
    const device = within(table).getByText('Chrome on Linux');
    expect(device).toHaveAttribute('title', CHROME_ON_LINUX);
    expect(within(table).queryByText(CHROME_ON_LINUX)).not.toBeInTheDocument();
    expect(within(table).getAllByText('Unknown device')).toHaveLength(2);
    // Times in the app's one format: with their time zone.
    expect(within(table).getAllByText(/\d{4}, \d{1,2}:\d{2}.* [A-Z]{2,}|GMT/).length).toBeGreaterThan(0);
  });

  it('finds a session by device or IP address, and sorts them by when they were last active', async () => {
    const user = userEvent.setup();
    fakeFetch({
      [`GET /api/users/${ID}/sessions`]: () => ({
        body: {
          sessions: [
            session(1, CHROME_ON_LINUX),
            { ...session(2, 'SomeBot/1.0'), lastSeenAt: '2025-01-03T09:00:00.000Z' },
            session(3, null),
          ],
        },
      }),
    });
    renderPage(<UserSessionsCard user={{ id: ID, firstName: 'Grace', lastName: 'Hopper' } as User} />);
    const grid = await screen.findByRole('grid', { name: 'Open sessions' });
    const addresses = () =>
      within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getByText(/^10\.0\.0\.\d$/).textContent);
    expect(addresses()).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.3']);

    await user.click(within(grid).getByRole('columnheader', { name: /Last active/ }));
    await user.click(within(grid).getByRole('columnheader', { name: /Last active/ }));
    await waitFor(() => expect(addresses()[0]).toBe('10.0.0.2'));

    await user.type(screen.getByRole('searchbox', { name: 'Search open sessions' }), 'chrome');
    await waitFor(() => expect(addresses()).toEqual(['10.0.0.1']));
  });
});
