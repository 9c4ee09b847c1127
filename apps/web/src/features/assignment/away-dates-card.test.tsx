import { problemBody } from '@boardwalk/shared/problem';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { AwayDatesCard } from './away-dates-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PERIOD = { id: '01a22000-0000-7000-8000-0000000000aa', startsOn: '2026-12-24', endsOn: '2026-12-26' };

describe('AwayDatesCard', { timeout: 60_000 }, () => {
  it('checks the days before sending, sends them, shows the server’s refusal beside its field, and removes a period', async () => {
    const user = userEvent.setup();
    let posts = 0;
    const api = fakeFetch({
      'GET /api/me/away-dates': () => ({ body: { awayPeriods: [PERIOD] } }),
      'POST /api/me/away-dates': () => {
        posts += 1;
        return {
          status: 400,
          body: problemBody(400, { errors: { startsOn: ['Remove a period first: at most 100'] } }),
        };
      },
      'DELETE /api/me/away-dates/01a22000-0000-7000-8000-0000000000aa': () => ({ status: 204 }),
    });
    renderPage(<AwayDatesCard />, { url: '/my-queue', role: 'ROLE_STAFF' });
    const form = await screen.findByRole('form', { name: 'Away dates' });
    expect(await within(form).findByText('2026-12-24 – 2026-12-26')).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/^First day/), '2026-12-10');
    await user.type(within(form).getByLabelText(/^Last day/), '2026-12-09');
    await user.click(within(form).getByRole('button', { name: 'Add away dates' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Last day/)).toHaveAccessibleDescription('End on or after the first day'),
    );
    expect(posts).toBe(0);

    await user.clear(within(form).getByLabelText(/^Last day/));
    await user.type(within(form).getByLabelText(/^Last day/), '2026-12-11');
    await user.click(within(form).getByRole('button', { name: 'Add away dates' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^First day/)).toHaveAccessibleDescription(
        'Remove a period first: at most 100',
      ),
    );
    expect(api.callsTo('POST', '/api/me/away-dates').map((c) => c.body)).toEqual([
      { startsOn: '2026-12-10', endsOn: '2026-12-11' },
    ]);

    const chip = within(form).getByRole('listitem');
    await user.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(api.callsTo('DELETE', `/api/me/away-dates/${PERIOD.id}`)).toHaveLength(1));
  });
});
