import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftServer } from '../../../test/merchant-draft-server.ts';
import { DRAFT_ID } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { stubScreenWidth } from '../../../test/screen-width.ts';
import { MerchantAddPage } from './merchant-add-page.tsx';

const addPage = () => renderPage(<MerchantAddPage />, { url: '/merchant/add', path: '/merchant/add' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the add form stepper', { timeout: 60_000 }, () => {
  it('is a form whose every step has a submit button: Enter in a field goes to the next step', async () => {
    const user = userEvent.setup();
    draftServer(undefined);
    addPage();
    const form = await screen.findByRole('form', { name: 'New merchant' });
    expect(within(form).getByRole('button', { name: 'Next' })).toHaveAttribute('type', 'submit');
    await user.type(screen.getByLabelText(/^DBA name/), 'Harbor Coffee{Enter}');
    expect(await screen.findByRole('heading', { name: 'Contact and address' })).toBeInTheDocument();
  });

  it('lists the steps without tabs or presentation roles; a done step is a button back to it', async () => {
    const user = userEvent.setup();
    draftServer(undefined);
    const { container } = addPage();
    await user.type(await screen.findByLabelText(/^DBA name/), 'Harbor Coffee');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Contact and address' });
    const steps = screen.getByRole('list', { name: 'Steps' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(7);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(container.querySelector('[role="presentation"] button')).toBeNull();
    expect(within(steps).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');
    await user.click(within(steps).getByRole('button', { name: 'Business' }));
    expect(await screen.findByRole('heading', { name: 'Business' })).toBeInTheDocument();
  });

  it('reads "Step 2 of 7 · Contact and address" on a phone', async () => {
    const user = userEvent.setup();
    stubScreenWidth(390);
    draftServer(undefined);
    addPage();
    expect(await screen.findByText('Step 1 of 7 · Business')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Steps' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^DBA name/), 'Harbor Coffee');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 2 of 7 · Contact and address')).toBeInTheDocument();
  });
});

describe('leaving the add form', { timeout: 60_000 }, () => {
  it('asks nothing right after typing: the waiting change is sent and the draft kept', async () => {
    const user = userEvent.setup();
    const server = draftServer(undefined);
    const { router } = addPage();
    await user.type(await screen.findByLabelText(/^DBA name/), 'H');
    await waitFor(() => expect(router.state.location.search).toContain('draft='));
    await user.type(screen.getByLabelText(/^DBA name/), 'arbor');
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsTo('PUT', `/api/merchant-drafts/${DRAFT_ID}`).at(-1)?.body).toMatchObject({
        data: { dbaName: 'Harbor' },
      }),
    );
  });
});
