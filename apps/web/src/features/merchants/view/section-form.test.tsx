import type { MerchantDetail } from '@boardwalk/shared/schemas/merchant';
import { problemBody } from '@boardwalk/shared/problem';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { merchant, MERCHANT_ID, pickerRoutes } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { MerchantViewPage } from './merchant-view-page.tsx';

const BASE = `/api/merchants/${MERCHANT_ID}`;
const LATER = '2026-01-03T00:00:00.000Z';
const LATEST = '2026-01-04T00:00:00.000Z';
const STALE = 'This merchant was changed by someone else since you opened it. Reload it to see their changes.';

/** The merchant as the API keeps it: a PATCH with an older updatedAt is refused as stale. */
function merchantServer() {
  let current = merchant();
  const api = fakeFetch({
    ...pickerRoutes(),
    [`GET ${BASE}`]: () => ({ body: current }),
    [`PATCH ${BASE}`]: ({ body }) => {
      if (body!.updatedAt !== current.updatedAt) {
        return { status: 409, body: problemBody(409, { detail: STALE, code: 'stale_update' }) };
      }
      current = { ...current, updatedAt: LATEST };
      return { body: current };
    },
    [`GET ${BASE}/events`]: () => ({ body: { events: [], total: 0 } }),
    [`GET ${BASE}/duplicates`]: () => ({ body: { duplicates: [] } }),
  });
  return { ...api, changeElsewhere: (patch: Partial<MerchantDetail>) => (current = { ...current, ...patch }) };
}

const viewPage = (tab: string) =>
  renderPage(<MerchantViewPage />, { url: `/merchant/view/${MERCHANT_ID}?tab=${tab}`, path: '/merchant/view/:id' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('A section saved after someone else changed the merchant', { timeout: 60_000 }, () => {
  it('shows theirs → yours, reloads keeping the typed value, and saves it with the new updatedAt', async () => {
    const user = userEvent.setup();
    const server = merchantServer();
    viewPage('operations');
    await user.type(await screen.findByLabelText(/^MID/), 'MID-42');
    server.changeElsewhere({ mid: 'MID-7', goLiveOn: '2026-03-01', updatedAt: LATER });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const banner = await screen.findByRole('alert', { name: 'Changed by someone else' });
    expect(banner).toHaveTextContent(STALE);
    const changes = await within(banner).findByRole('list', { name: 'Their changes' });
    expect(within(changes).getByText('MID: MID-7 → MID-42')).toBeInTheDocument();
    expect(within(changes).getByText('Go-live date: 2026-03-01 (you did not edit it)')).toBeInTheDocument();

    const reads = server.callsTo('GET', BASE).length;
    await user.click(within(banner).getByRole('button', { name: 'Reload and keep my edits' }));
    await waitFor(() => expect(server.callsTo('GET', BASE).length).toBe(reads + 1));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Changed by someone else' })).toBeNull());
    expect(screen.getByLabelText(/^MID/)).toHaveValue('MID-42');
    expect(screen.getByLabelText(/^Go-live date/)).toHaveValue('2026-03-01');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PATCH', BASE)).toHaveLength(2));
    expect(server.callsTo('PATCH', BASE)[1]!.body).toEqual({
      id: MERCHANT_ID,
      updatedAt: LATER,
      mid: 'MID-42',
      goLiveOn: '2026-03-01',
    });
    expect(await screen.findByText('Merchant saved')).toBeInTheDocument();
  });

  it('takes theirs on Discard my edits', async () => {
    const user = userEvent.setup();
    const server = merchantServer();
    viewPage('operations');
    await user.type(await screen.findByLabelText(/^MID/), 'MID-42');
    server.changeElsewhere({ mid: 'MID-7', updatedAt: LATER });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const banner = await screen.findByRole('alert', { name: 'Changed by someone else' });
    await within(banner).findByText('MID: MID-7 → MID-42');
    await user.click(within(banner).getByRole('button', { name: 'Discard my edits' }));
    await waitFor(() => expect(screen.getByLabelText(/^MID/)).toHaveValue('MID-7'));
    expect(screen.queryByRole('alert', { name: 'Changed by someone else' })).toBeNull();
    expect(screen.queryByText('Unsaved changes restored')).toBeNull();
  });

  it('says a sensitive field changed without a value, and keeps the typed one on Reload', async () => {
    const user = userEvent.setup();
    const server = merchantServer();
    viewPage('business');
    const business = await screen.findByRole('form', { name: 'Business' });
    await user.type(within(business).getByLabelText(/^Tax id/), '123456789');
    server.changeElsewhere({ taxId: '•••••1111', updatedAt: LATER });
    await user.click(within(business).getByRole('button', { name: 'Save' }));

    const banner = await within(business).findByRole('alert', { name: 'Changed by someone else' });
    const changes = await within(banner).findByRole('list', { name: 'Their changes' });
    expect(changes).toHaveTextContent('Tax id: changed → your new value');
    expect(banner).not.toHaveTextContent(/1111|6789|123456789/);

    await user.click(within(banner).getByRole('button', { name: 'Reload and keep my edits' }));
    // The section is mounted afresh for the record read again.
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Changed by someone else' })).toBeNull());
    const reloaded = screen.getByRole('form', { name: 'Business' });
    expect(within(reloaded).getByLabelText(/^Tax id/)).toHaveValue('123456789');
    await user.click(within(reloaded).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PATCH', BASE)).toHaveLength(2));
    expect(server.callsTo('PATCH', BASE)[1]!.body).toMatchObject({ updatedAt: LATER, taxId: '123456789' });
  });
});
