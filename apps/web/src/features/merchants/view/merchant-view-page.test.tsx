import type { MerchantDetail, MerchantEvent } from '@boardwalk/shared/schemas/merchant';
import { problemBody } from '@boardwalk/shared/problem';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeRoutes } from '../../../test/fake-fetch.ts';
import { event, merchant, MERCHANT_ID, owner, pickerRoutes, STAGES } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { MerchantViewPage } from './merchant-view-page.tsx';

const BASE = `/api/merchants/${MERCHANT_ID}`;
const LATER = '2026-01-03T00:00:00.000Z';

function merchantServer(start: MerchantDetail = merchant(), routes: FakeRoutes = {}) {
  let current = start;
  const api = fakeFetch({
    ...pickerRoutes(),
    [`GET ${BASE}`]: () => ({ body: current }),
    [`POST ${BASE}/stage`]: ({ body }) => {
      const { stageId, updatedAt } = body as { stageId: string; updatedAt: string };
      if (updatedAt !== current.updatedAt) return { status: 409, body: problemBody(409) };
      const s = STAGES.find((x) => x.id === stageId)!;
      const stage = { id: s.id, name: s.name, pipeline: s.pipeline, color: s.color, slaHours: s.slaHours };
      current = { ...current, stageId, stage, pipeline: s.pipeline, updatedAt: LATER };
      return { body: current };
    },
    [`POST ${BASE}/stage/preview`]: () => ({ body: { actions: [] } }),
    [`DELETE ${BASE}`]: () => {
      current = { ...current, deletedAt: LATER, updatedAt: LATER };
      return { status: 204 };
    },
    [`POST ${BASE}/restore`]: () => {
      current = { ...current, deletedAt: null, updatedAt: LATER };
      return { body: current };
    },
    [`POST ${BASE}/reveal`]: ({ body }) => ({
      body: { field: String(body!.field), value: body!.field === 'routingNumber' ? '021000021' : '987654321' },
    }),
    [`GET ${BASE}/events`]: () => ({ body: { events: [], total: 0 } }),
    [`GET ${BASE}/duplicates`]: () => ({ body: { duplicates: [] } }),
    ...routes,
  });
  return {
    ...api,
    current: () => current,
    set: (next: MerchantDetail) => (current = next),
    changeElsewhere: () => (current = { ...current, updatedAt: LATER }),
  };
}

const viewPage = (query = '') =>
  renderPage(<MerchantViewPage />, { url: `/merchant/view/${MERCHANT_ID}${query}`, path: '/merchant/view/:id' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MerchantViewPage', { timeout: 60_000 }, () => {
  it('shows the header: name, stage, time in stage against the SLA (overdue), assignee and agent', async () => {
    merchantServer(merchant({ agent: { id: MERCHANT_ID, name: 'Acme Agents' } }));
    viewPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Coffee' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stage: Sales · New lead. Change stage' })).toBeInTheDocument();
    expect(screen.getByText(/days in stage of 2 days allowed — overdue/)).toBeInTheDocument();
    expect(screen.getByText('Nobody')).toBeInTheDocument();
    expect(screen.getByText('Acme Agents')).toBeInTheDocument();
  });

  it('changes the stage from the header with the updatedAt read, among the active stages by pipeline', async () => {
    const user = userEvent.setup();
    const server = merchantServer();
    viewPage();
    await user.click(await screen.findByRole('button', { name: 'Stage: Sales · New lead. Change stage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change stage' });
    expect(within(dialog).getByRole('list', { name: 'Underwriting' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Archived')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'In review' }));
    await waitFor(() => expect(server.callsTo('POST', `${BASE}/stage`)).toHaveLength(1));
    expect(server.callsTo('POST', `${BASE}/stage`)[0]!.body).toEqual({
      stageId: STAGES[2]!.id,
      updatedAt: merchant().updatedAt,
    });
    expect(
      await screen.findByRole('button', { name: 'Stage: Underwriting · In review. Change stage' }),
    ).toBeInTheDocument();
  });

  it('says a stale stage change needs a reload, and reloads', async () => {
    const user = userEvent.setup();
    const server = merchantServer();
    viewPage();
    await user.click(await screen.findByRole('button', { name: 'Stage: Sales · New lead. Change stage' }));
    server.changeElsewhere();
    const dialog = await screen.findByRole('dialog', { name: 'Change stage' });
    await user.click(within(dialog).getByRole('button', { name: 'Qualified' }));
    expect(await within(dialog).findByText(/Someone changed this merchant meanwhile/)).toBeInTheDocument();
    const reads = server.callsTo('GET', BASE).length;
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(server.callsTo('GET', BASE).length).toBe(reads + 1));
    expect(screen.queryByRole('dialog', { name: 'Change stage' })).not.toBeInTheDocument();
  });

  it('reveals a banking value on demand (recorded), until the tab is left', async () => {
    const user = userEvent.setup();
    const server = merchantServer();
    viewPage('?tab=banking');
    expect(await screen.findByLabelText('Routing number', { selector: 'span' })).toHaveTextContent('•••••0021');
    expect(screen.getByText(/recorded in the audit log/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reveal routing number' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Routing number', { selector: 'span' })).toHaveTextContent('021000021'),
    );
    expect(server.callsTo('POST', `${BASE}/reveal`)[0]!.body).toEqual({ field: 'routingNumber' });
    expect(screen.getByLabelText('Account number', { selector: 'span' })).toHaveTextContent('•••••4321');

    await user.click(screen.getByRole('tab', { name: 'Business' }));
    await user.click(screen.getByRole('tab', { name: 'Banking' }));
    expect(await screen.findByLabelText('Routing number', { selector: 'span' })).toHaveTextContent('•••••0021');
  });

  it('clears a tax id after asking: PATCH with an explicit null, and the timeline shows it masked', async () => {
    const user = userEvent.setup();
    const server = merchantServer(merchant(), {
      [`PATCH ${BASE}`]: ({ body }) => {
        const current = server.current();
        if (body!.updatedAt !== current.updatedAt) return { status: 409, body: problemBody(409) };
        server.set({ ...current, taxId: body!.taxId === null ? '' : current.taxId, updatedAt: LATER });
        return { body: server.current() };
      },
      [`GET ${BASE}/events`]: () => ({
        body: {
          events: [event(1, { type: 'updated', data: { changes: { taxId: { from: '•••••6789', to: '' } } } })],
          total: 1,
        },
      }),
    });
    viewPage('?tab=banking');
    expect(await screen.findByLabelText('Tax id', { selector: 'span' })).toHaveTextContent('•••••6789');

    // Cancelling sends nothing.
    await user.click(screen.getByRole('button', { name: 'Clear tax id' }));
    let dialog = await screen.findByRole('dialog', { name: 'Clear the tax id?' });
    expect(dialog).toHaveTextContent('The tax id •••••6789 is removed from this merchant.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('PATCH', BASE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Clear tax id' }));
    dialog = await screen.findByRole('dialog', { name: 'Clear the tax id?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(server.callsTo('PATCH', BASE)).toHaveLength(1));
    expect(server.callsTo('PATCH', BASE)[0]!.body).toEqual({
      id: MERCHANT_ID,
      updatedAt: merchant().updatedAt,
      taxId: null,
    });
    expect(await screen.findByText('Tax id cleared')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Tax id', { selector: 'span' })).toHaveTextContent('—'));
    expect(screen.queryByRole('button', { name: 'Clear tax id' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear routing number' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Timeline' }));
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    expect(await within(timeline).findByText('Ada Admin changed tax id')).toBeInTheDocument();
    expect(within(timeline).getByText('Tax id: •••••6789 → —')).toBeInTheDocument();
  });

  it('keeps the confirmation open and says why when clearing is refused (changed meanwhile)', async () => {
    const user = userEvent.setup();
    const server = merchantServer(merchant(), {
      [`PATCH ${BASE}`]: () => ({
        status: 409,
        body: problemBody(409, { detail: 'The merchant was changed by someone else. Reload and try again.' }),
      }),
    });
    viewPage('?tab=banking');
    await user.click(await screen.findByRole('button', { name: 'Clear account number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the account number?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(
      await screen.findByText('The merchant was changed by someone else. Reload and try again.'),
    ).toBeInTheDocument();
    expect(server.callsTo('PATCH', BASE)[0]!.body).toMatchObject({ accountNumber: null });
    expect(screen.getByRole('dialog', { name: 'Clear the account number?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Account number', { selector: 'span' })).toHaveTextContent('•••••4321');
  });

  it('shows a revealed EIN as 12-3456789, and hides it again', async () => {
    const user = userEvent.setup();
    merchantServer();
    viewPage('?tab=banking');
    const taxId = await screen.findByLabelText('Tax id', { selector: 'span' });
    await user.click(screen.getByRole('button', { name: 'Reveal tax id' }));
    await waitFor(() => expect(taxId).toHaveTextContent('98-7654321'));
    await user.click(screen.getByRole('button', { name: 'Hide tax id' }));
    expect(taxId).toHaveTextContent('•••••6789');
    expect(screen.getByRole('button', { name: 'Reveal tax id' })).toBeInTheDocument();
  });

  it('offers no Clear to whom may not change the merchant', async () => {
    merchantServer(merchant({ deletedAt: LATER }));
    viewPage('?tab=banking');
    expect(await screen.findByLabelText('Tax id', { selector: 'span' })).toHaveTextContent('•••••6789');
    expect(screen.getByRole('button', { name: 'Reveal tax id' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Clear/ })).not.toBeInTheDocument();
  });

  it('keeps the tab in the URL', async () => {
    const user = userEvent.setup();
    merchantServer(merchant({ owners: [owner()] }));
    const { router } = viewPage('?tab=owners');
    expect(await screen.findByRole('tab', { name: 'Owners', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Grace Hopper' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Timeline' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=timeline'));
    expect(await screen.findByText('Nothing has happened yet.')).toBeInTheDocument();
  });

  it('deletes after asking, then shows the deleted banner with Restore', async () => {
    const user = userEvent.setup();
    const server = merchantServer();
    viewPage();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this merchant?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('DELETE', BASE)).toHaveLength(1));
    expect(await screen.findByText(/This merchant was deleted on/)).toBeInTheDocument();
    // A deleted merchant is shown, not edited.
    expect(screen.queryByRole('button', { name: /Change stage/ })).not.toBeInTheDocument();
    // Found once the closing dialog has let go of the page (it hides the rest while open).
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(server.callsTo('POST', `${BASE}/restore`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByText(/This merchant was deleted on/)).not.toBeInTheDocument();
  });

  it('saves a section with PATCH and the updatedAt read, and shows a stale 409 above the buttons', async () => {
    const user = userEvent.setup();
    const server = merchantServer(merchant(), {
      [`PATCH ${BASE}`]: () => ({
        status: 409,
        body: problemBody(409, { detail: 'The merchant was changed by someone else. Reload and try again.' }),
      }),
    });
    viewPage('?tab=operations');
    await user.type(await screen.findByLabelText(/^MID/), 'MID-42');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PATCH', BASE)).toHaveLength(1));
    expect(server.callsTo('PATCH', BASE)[0]!.body).toEqual({
      id: MERCHANT_ID,
      updatedAt: merchant().updatedAt,
      mid: 'MID-42',
      goLiveOn: null,
    });
    expect(
      await screen.findByText('The merchant was changed by someone else. Reload and try again.'),
    ).toBeInTheDocument();
  });

  it('renders the timeline in words with before and after, and loads more', async () => {
    const user = userEvent.setup();
    const from = { id: STAGES[0]!.id, name: 'New lead', pipeline: 'sales' as const };
    const to = { id: STAGES[2]!.id, name: 'In review', pipeline: 'underwriting' as const };
    const firstPage: MerchantEvent[] = [
      event(1, { type: 'stage_changed', data: { fromStage: from, toStage: to, note: 'Documents complete' } }),
      event(2, {
        type: 'updated',
        data: {
          changes: { monthlyVolume: { from: null, to: 25000 }, businessType: { from: 'llc', to: 'corporation' } },
        },
      }),
      event(3, { type: 'owner_added', data: { ownerId: owner().id, ownerName: 'Grace Hopper' } }),
      event(4, { type: 'note_added', actor: null, data: { excerpt: 'Called the owner' } }),
      event(5, { type: 'note_updated', data: { changes: { note: { from: 'Called the owner', to: 'Called twice' } } } }),
      event(6, { type: 'note_removed', data: { excerpt: 'Called twice' } }),
      event(7, {
        type: 'email',
        actor: null,
        data: {
          messageId: '0190c0de-0000-7000-8000-00000000e001',
          channel: 'email',
          messageStatus: 'sent',
          summary: 'Welcome to Boardwalk',
        },
      }),
      event(8, {
        type: 'email',
        actor: null,
        data: {
          messageId: '0190c0de-0000-7000-8000-00000000e002',
          channel: 'sms',
          messageStatus: 'failed',
          summary: 'Your application',
          excerpt: "The merchant's contact has no phone number.",
        },
      }),
      ...Array.from({ length: 17 }, (_, i) =>
        event(10 + i, { type: 'document_added', data: { fileName: `statement-${i}.pdf` } }),
      ),
    ];
    const secondPage = [event(99, { type: 'created' })];
    const server = merchantServer(merchant(), {
      [`GET ${BASE}/events`]: ({ search }) => ({
        body: { events: search.get('page') === '1' ? secondPage : firstPage, total: 26 },
      }),
    });
    viewPage('?tab=timeline');
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    expect(
      await within(timeline).findByText('Ada Admin moved it from Sales · New lead to Underwriting · In review'),
    ).toBeInTheDocument();
    expect(within(timeline).getByText('Note: Documents complete')).toBeInTheDocument();
    expect(within(timeline).getByText('Ada Admin changed monthly volume, business type')).toBeInTheDocument();
    expect(within(timeline).getByText('Monthly volume: — → 25000')).toBeInTheDocument();
    expect(within(timeline).getByText('Business type: LLC → Corporation')).toBeInTheDocument();
    expect(within(timeline).getByText('Ada Admin added the owner Grace Hopper')).toBeInTheDocument();
    expect(within(timeline).getByText('The system added a note')).toBeInTheDocument();
    expect(within(timeline).getByText('“Called the owner”')).toBeInTheDocument();
    expect(within(timeline).getByText('Ada Admin edited a note')).toBeInTheDocument();
    expect(within(timeline).getByText('Note: Called the owner → Called twice')).toBeInTheDocument();
    expect(within(timeline).getByText('Ada Admin removed a note')).toBeInTheDocument();
    expect(within(timeline).getByText('“Called twice”')).toBeInTheDocument();
    expect(within(timeline).getByText('Email sent: Welcome to Boardwalk')).toBeInTheDocument();
    expect(within(timeline).getByText('SMS not sent: Your application')).toBeInTheDocument();
    expect(within(timeline).getByText("“The merchant's contact has no phone number.”")).toBeInTheDocument();
    const logLinks = within(timeline).getAllByRole('link', { name: 'Open in the emails log' });
    expect(logLinks).toHaveLength(2);
    expect(logLinks[0]).toHaveAttribute('href', `/history/emails?merchantId=${merchant().id}`);
    expect(within(timeline).queryByText('Ada Admin added the merchant')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(timeline).findByText('Ada Admin added the merchant')).toBeInTheDocument();
    expect(server.callsTo('GET', `${BASE}/events`).map((c) => c.search.get('page'))).toEqual(['0', '1']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('assigns the merchant from the header with the updatedAt read', async () => {
    const user = userEvent.setup();
    const grace = {
      id: '0190c0de-0000-7000-8000-00000000f001',
      email: 'grace@example.com',
      role: 'ROLE_STAFF',
      status: 'active',
      firstName: 'Grace',
      lastName: 'Hopper',
      displayName: '',
    };
    const server = merchantServer(merchant(), {
      'GET /api/users/options': () => ({ body: { options: [grace] } }),
      [`POST ${BASE}/assignment`]: ({ body }) => ({
        body: {
          ...merchant(),
          assignedUserId: String(body!.assignedUserId),
          assignee: { id: grace.id, name: 'Grace Hopper' },
        },
      }),
    });
    viewPage();
    await user.click(await screen.findByRole('button', { name: 'Change assignee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change assignee' });
    await user.click(within(dialog).getByLabelText('Assignee'));
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('POST', `${BASE}/assignment`)).toHaveLength(1));
    expect(server.callsTo('POST', `${BASE}/assignment`)[0]!.body).toEqual({
      assignedUserId: grace.id,
      updatedAt: merchant().updatedAt,
    });
  });

  it('adds, edits and removes owners through the owners routes', async () => {
    const user = userEvent.setup();
    const OWNER = owner().id;
    const server = merchantServer(merchant(), {
      [`POST ${BASE}/owners`]: ({ body }) => {
        const { firstName, lastName } = body!.data as { firstName: string; lastName: string };
        return { status: 201, body: owner({ id: '0190c0de-0000-7000-8000-00000000b009', firstName, lastName }) };
      },
      [`PATCH ${BASE}/owners/${OWNER}`]: ({ body }) => ({
        body: owner({ title: String(body!.title), updatedAt: LATER }),
      }),
      [`DELETE ${BASE}/owners/${OWNER}`]: () => ({ status: 204 }),
    });
    viewPage('?tab=owners');
    await user.click(await screen.findByRole('button', { name: 'Add owner' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add owner' });
    await user.type(within(dialog).getByLabelText(/^First name/), 'Alan');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Turing');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('POST', `${BASE}/owners`)).toHaveLength(1));
    expect(server.callsTo('POST', `${BASE}/owners`)[0]!.body).toMatchObject({
      data: { firstName: 'Alan', lastName: 'Turing', ssn: '' },
    });

    await user.click(await screen.findByRole('button', { name: 'Edit Grace Hopper' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Grace Hopper' });
    // The SSN on file is kept unless a new one is typed.
    expect(within(dialog).getByText('Leave empty to keep •••••6789')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Title/));
    await user.type(within(dialog).getByLabelText(/^Title/), 'Founder');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PATCH', `${BASE}/owners/${OWNER}`)).toHaveLength(1));
    const patch = server.callsTo('PATCH', `${BASE}/owners/${OWNER}`)[0]!.body!;
    expect(patch).toMatchObject({ title: 'Founder', updatedAt: owner().updatedAt });
    expect(patch).not.toHaveProperty('ssn');

    await user.click(await screen.findByRole('button', { name: 'Remove Grace Hopper' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this owner?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.callsTo('DELETE', `${BASE}/owners/${OWNER}`)).toHaveLength(1));
  });

  it('sends an unknown merchant to the not-found page', async () => {
    fakeFetch({ [`GET ${BASE}`]: () => ({ status: 404, body: problemBody(404) }) });
    const { router } = viewPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
