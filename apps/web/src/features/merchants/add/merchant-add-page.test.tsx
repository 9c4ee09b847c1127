import { problemBody } from '@boardwalk/shared/problem';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeRoutes } from '../../../test/fake-fetch.ts';
import { draftServer } from '../../../test/merchant-draft-server.ts';
import { draft, DRAFT_ID, merchant, MERCHANT_ID, STAGES } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { MerchantAddPage } from './merchant-add-page.tsx';

const NEW_ID = '0190c0de-0000-7000-8000-00000000a0ff';
const DUPLICATE_ID = '0190c0de-0000-7000-8000-00000000a0ee';

const addPage = (url = '/merchant/add') => renderPage(<MerchantAddPage />, { url, path: '/merchant/add' });
const location = (router: ReturnType<typeof addPage>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MerchantAddPage', { timeout: 60_000 }, () => {
  it('checks a step with the shared schema before Next, flags every field at once, and Back keeps the values', async () => {
    const user = userEvent.setup();
    draftServer(undefined);
    addPage();
    await user.type(await screen.findByLabelText(/^Tax id/), '12');
    await user.type(screen.getByLabelText(/^Website/), 'not a site');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter the DBA name')).toBeInTheDocument();
    expect(screen.getByText('Enter the 9-digit tax id')).toBeInTheDocument();
    expect(screen.getByText('Enter a web address such as https://example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Business' })).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^DBA name/), 'Harbor Coffee');
    await user.clear(screen.getByLabelText(/^Tax id/));
    await user.type(screen.getByLabelText(/^Tax id/), '12-3456789');
    await user.clear(screen.getByLabelText(/^Website/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Contact and address' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText(/^DBA name/)).toHaveValue('Harbor Coffee');
  });

  it('shows no errors on a newly added owner, and takes an error away as soon as its field is filled in', async () => {
    const user = userEvent.setup();
    draftServer(draft({ step: 2, data: { dbaName: 'Harbor Coffee' } }));
    addPage(`/merchant/add?draft=${DRAFT_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Add owner' }));
    const first = screen.getByRole('region', { name: 'Owner 1' });
    // Give the list checks a chance to run: nothing typed yet, so nothing is wrong yet.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(first).queryByText('Enter the first name')).not.toBeInTheDocument();
    expect(within(first).queryByText('Enter the last name')).not.toBeInTheDocument();
    expect(within(first).getByLabelText(/^Last name/)).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(first).findByText('Enter the last name')).toBeInTheDocument();
    // Typed into, not yet left: the error goes with the first character that makes it right.
    await user.type(within(first).getByLabelText(/^Last name/), 'Hopper');
    await waitFor(() => expect(within(first).queryByText('Enter the last name')).not.toBeInTheDocument());
    expect(within(first).getByLabelText(/^Last name/)).toHaveFocus();
    expect(within(first).getByText('Enter the first name')).toBeInTheDocument();
    // A second owner added now comes clean, and the first keeps its own error.
    await user.click(screen.getByRole('button', { name: 'Add owner' }));
    const second = screen.getByRole('region', { name: 'Owner 2' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(second).queryByText('Enter the first name')).not.toBeInTheDocument();
    expect(within(first).getByText('Enter the first name')).toBeInTheDocument();
    // Removing the clean one leaves the first owner's error where it was.
    await user.click(screen.getByRole('button', { name: 'Remove owner 2' }));
    expect(await within(first).findByText('Enter the first name')).toBeInTheDocument();
  });

  it('refuses owners whose shares add up to more than 100%', async () => {
    const user = userEvent.setup();
    draftServer(draft({ step: 2, data: { dbaName: 'Harbor Coffee' } }));
    addPage(`/merchant/add?draft=${DRAFT_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Add owner' }));
    await user.click(screen.getByRole('button', { name: 'Add owner' }));
    const second = screen.getByRole('region', { name: 'Owner 2' });
    await user.clear(within(second).getByLabelText(/^Ownership/));
    await user.type(within(second).getByLabelText(/^Ownership/), '20');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The owners’ shares add up to more than 100%')).toBeInTheDocument();
    expect(within(second).getByText('Enter the first name')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove owner 2' }));
    // The total fits again: its error goes with the owner.
    await waitFor(() =>
      expect(screen.queryByText('The owners’ shares add up to more than 100%')).not.toBeInTheDocument(),
    );
    const first = screen.getByRole('region', { name: 'Owner 1' });
    await user.type(within(first).getByLabelText(/^First name/), 'Grace');
    await user.type(within(first).getByLabelText(/^Last name/), 'Hopper');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Processing' })).toBeInTheDocument();
  });

  it('creates the draft on the first change, puts its id in the URL, then updates it with its updatedAt', async () => {
    const user = userEvent.setup();
    const server = draftServer(undefined);
    const { router } = addPage();
    await user.type(await screen.findByLabelText(/^DBA name/), 'Harbor');
    await waitFor(() => expect(location(router)).toBe(`/merchant/add?draft=${DRAFT_ID}`));
    expect(server.callsTo('POST', '/api/merchant-drafts')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/merchant-drafts')[0]!.body).toMatchObject({ step: 0, data: { dbaName: 'H' } });
    await waitFor(() => expect(server.stored()?.data).toMatchObject({ dbaName: 'Harbor' }), { timeout: 3000 });
    const puts = server.callsTo('PUT', `/api/merchant-drafts/${DRAFT_ID}`);
    expect(puts.length).toBeGreaterThanOrEqual(1);
    // Typing pauses are batched: far fewer writes than keys.
    expect(puts.length).toBeLessThan(5);
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();

    // A reload: the page starts again at the same address and continues the draft.
    const address = location(router);
    cleanup();
    addPage(address);
    expect(await screen.findByLabelText(/^DBA name/)).toHaveValue('Harbor');
    expect(server.callsTo('POST', '/api/merchant-drafts')).toHaveLength(1);
  });

  it('continues the draft named in the URL after a reload, at its step, with its values', async () => {
    const user = userEvent.setup();
    const server = draftServer(
      draft({ step: 1, data: { dbaName: 'Harbor Coffee', contactPhone: '555 0100', owners: [] } }),
    );
    addPage(`/merchant/add?draft=${DRAFT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Contact and address' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Contact phone/)).toHaveValue('555 0100');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText(/^DBA name/)).toHaveValue('Harbor Coffee');
    await waitFor(() => expect(server.stored()?.step).toBe(0), { timeout: 3000 });
    expect(server.callsTo('POST', '/api/merchant-drafts')).toHaveLength(0);
    // The open drafts list is for the page without a draft.
    expect(screen.queryByRole('region', { name: 'My open applications' })).not.toBeInTheDocument();
  });

  it('says so when another tab changed the draft, instead of overwriting it, and loads the latest', async () => {
    const user = userEvent.setup();
    const server = draftServer(draft({ step: 0, data: { dbaName: 'Harbor' } }));
    addPage(`/merchant/add?draft=${DRAFT_ID}`);
    const name = await screen.findByLabelText(/^DBA name/);
    server.touchElsewhere({ dbaName: 'Harbor Coffee Roasters' });
    await user.type(name, ' Tea');
    expect(await screen.findByText(/changed in another tab or window/, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(server.stored()?.data).toEqual({ dbaName: 'Harbor Coffee Roasters' });
    await user.click(screen.getByRole('button', { name: 'Load latest' }));
    await waitFor(() => expect(screen.getByLabelText(/^DBA name/)).toHaveValue('Harbor Coffee Roasters'));
    expect(screen.queryByText(/changed in another tab or window/)).not.toBeInTheDocument();
  });

  it('lists my open drafts on a fresh page, to continue or discard', async () => {
    const user = userEvent.setup();
    draftServer(draft({ title: 'Harbor Coffee', data: { dbaName: 'Harbor Coffee' } }));
    const { router } = addPage();
    const list = await screen.findByRole('region', { name: 'My open applications' });
    await user.click(within(list).getByRole('button', { name: 'Continue Harbor Coffee' }));
    await waitFor(() => expect(location(router)).toBe(`/merchant/add?draft=${DRAFT_ID}`));
    expect(await screen.findByLabelText(/^DBA name/)).toHaveValue('Harbor Coffee');
  });

  /** A duplicate check answering each question with one merchant found for that reason. */
  const duplicateRoute =
    (limited = false): FakeRoutes[string] =>
    ({ body }) => {
      const reason = body?.taxId ? 'taxId' : body?.accountNumber ? 'bankAccount' : 'dbaNameAndPhone';
      if (limited && reason !== 'dbaNameAndPhone') {
        return { status: 429, body: problemBody(429, { detail: 'You revealed or looked up 30 sensitive values.' }) };
      }
      const found = { id: DUPLICATE_ID, dbaName: 'Harbour Coffee', stage: merchant().stage, deleted: false };
      return { body: { duplicates: [{ ...found, reasons: [reason] }] } };
    };

  it('warns of possible duplicates before saving, then saves anyway and opens the merchant', async () => {
    const user = userEvent.setup();
    const data = { dbaName: 'Harbor Coffee', contactPhone: '555 0100', taxId: '123456789', stageId: STAGES[0]!.id };
    const server = draftServer(draft({ step: 6, data }), {
      'POST /api/merchants/duplicates': duplicateRoute(),
      'POST /api/merchants': () => ({ status: 201, body: merchant({ id: NEW_ID }) }),
    });
    const { router } = addPage(`/merchant/add?draft=${DRAFT_ID}`);
    const warning = await screen.findByRole('alert');
    expect(within(warning).getByText('Possible duplicates')).toBeInTheDocument();
    expect(within(warning).getByRole('link', { name: 'Harbour Coffee' })).toHaveAttribute(
      'href',
      `/merchant/view/${DUPLICATE_ID}`,
    );
    // Asked apart (a lookup by tax id spends the reveal budget, one by name and phone does not), one entry.
    expect(within(warning).getByText(/same tax id, same DBA name and phone/)).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/merchants/duplicates').map((c) => c.body)).toEqual([
      { dbaName: 'Harbor Coffee', contactPhone: '555 0100' },
      { taxId: '123456789' },
    ]);
    // The review masks what is sensitive, as every screen does.
    expect(screen.getByText('•••••6789')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/merchant/view/${NEW_ID}`));
    const saved = server.callsTo('POST', '/api/merchants')[0]!.body as { data: Record<string, unknown> };
    expect(saved.data).toMatchObject({ ...data, draftId: DRAFT_ID, country: 'US' });
    expect(MERCHANT_ID).not.toBe(NEW_ID);
  });

  it('asks about each complete value once: back to the review costs nothing, a new tax id is asked alone', async () => {
    const user = userEvent.setup();
    const data = {
      dbaName: 'Harbor Coffee',
      contactPhone: '555 0100',
      taxId: '12-3456789',
      // Half a bank account is no question to ask.
      routingNumber: '021000021',
      stageId: STAGES[0]!.id,
    };
    const server = draftServer(draft({ step: 6, data }), { 'POST /api/merchants/duplicates': duplicateRoute() });
    addPage(`/merchant/add?draft=${DRAFT_ID}`);
    const asked = () => server.callsTo('POST', '/api/merchants/duplicates').map((c) => c.body);
    await screen.findByRole('alert');
    expect(asked()).toEqual([{ dbaName: 'Harbor Coffee', contactPhone: '555 0100' }, { taxId: '123456789' }]);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(asked().filter((body) => body?.taxId)).toEqual([{ taxId: '123456789' }]);
    expect(asked()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Business' }));
    const taxId = await screen.findByLabelText(/^Tax id/);
    await user.clear(taxId);
    await user.type(taxId, '987654321');
    for (let i = 0; i < 6; i++) await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeInTheDocument();
    await waitFor(() => expect(asked()).toHaveLength(3));
    expect(asked()[2]).toEqual({ taxId: '987654321' });
  });

  it('says calmly beside the tax id that it was not checked when the reveal budget is spent, and saves', async () => {
    const user = userEvent.setup();
    const data = { dbaName: 'Harbor Coffee', contactPhone: '555 0100', taxId: '123456789', stageId: STAGES[0]!.id };
    const server = draftServer(draft({ step: 6, data }), {
      'POST /api/merchants/duplicates': duplicateRoute(true),
      'POST /api/merchants': () => ({ status: 201, body: merchant({ id: NEW_ID }) }),
    });
    const { router } = addPage(`/merchant/add?draft=${DRAFT_ID}`);
    const business = await screen.findByRole('region', { name: 'Business' });
    expect(await within(business).findByText(/^Not checked for duplicates just now/)).toBeInTheDocument();
    // What could be checked still warns; nothing else is said as an error.
    const warning = screen.getByRole('alert');
    expect(within(warning).getByText(/same DBA name and phone/)).toBeInTheDocument();
    expect(within(warning).queryByText(/same tax id/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/merchant/view/${NEW_ID}`));
    expect(server.callsTo('POST', '/api/merchants')).toHaveLength(1);
  });
});
