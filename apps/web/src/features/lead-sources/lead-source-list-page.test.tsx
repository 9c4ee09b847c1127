import { problemBody } from '@boardwalk/shared/problem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { listBody, renderPage } from '../../test/render-page.tsx';
import { LeadSourceListPage } from './lead-source-list-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LeadSourceListPage', { timeout: 60_000 }, () => {
  it('filters by status through the URL and shows a taken name beside the field', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      'GET /api/lead-sources': () => ({ body: listBody('leadSources', []) }),
      'POST /api/lead-sources': () => ({
        status: 409,
        body: problemBody(409, { errors: { name: ['Another lead source has this name'] } }),
      }),
    });
    const { router } = renderPage(<LeadSourceListPage />, { url: '/lead-source/list' });
    expect(await screen.findByText('No lead sources yet')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(router.state.location.search).toBe('?isActive=false'));
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET', '/api/lead-sources').at(-1)!.search)).toMatchObject({
        isActive: 'false',
      }),
    );
    expect(await screen.findByText('No lead sources match your search')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add lead source' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add lead source' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Referral');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription('Another lead source has this name'),
    );
  });
});
