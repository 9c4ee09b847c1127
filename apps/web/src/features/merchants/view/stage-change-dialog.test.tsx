import type { MerchantStagePreview } from '@boardwalk/shared/schemas/merchant';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { merchant, MERCHANT_ID, pickerRoutes, STAGES } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { MerchantViewPage } from './merchant-view-page.tsx';

const BASE = `/api/merchants/${MERCHANT_ID}`;

const OUTWARD: MerchantStagePreview['actions'] = [
  {
    type: 'send_email',
    source: 'stage_action',
    automationName: null,
    summary: 'Would send email “Welcome” to maria@example.com (The merchant’s contact)',
    ok: true,
    outward: true,
  },
  {
    type: 'webhook',
    source: 'automation',
    automationName: 'Tell the CRM',
    summary: 'Would POST Maria’s Bakery to https://crm.example.com/in, signed with the stored secret',
    ok: true,
    outward: true,
  },
  {
    type: 'set_field',
    source: 'stage_action',
    automationName: null,
    summary: 'Would set MID from empty to “MID-9”',
    ok: true,
    outward: false,
  },
];

function server(actions: MerchantStagePreview['actions']) {
  return fakeFetch({
    ...pickerRoutes(),
    [`GET ${BASE}`]: () => ({ body: merchant() }),
    [`GET ${BASE}/events`]: () => ({ body: { events: [], total: 0 } }),
    [`GET ${BASE}/duplicates`]: () => ({ body: { duplicates: [] } }),
    [`POST ${BASE}/stage/preview`]: () => ({ body: { actions } }),
    [`POST ${BASE}/stage`]: () => ({ body: merchant() }),
  });
}

const open = async (user: ReturnType<typeof userEvent.setup>) => {
  renderPage(<MerchantViewPage />, { url: `/merchant/view/${MERCHANT_ID}`, path: '/merchant/view/:id' });
  await user.click(await screen.findByRole('button', { name: 'Stage: Sales · New lead. Change stage' }));
  return screen.findByRole('dialog', { name: 'Change stage' });
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StageChangeDialog', { timeout: 60_000 }, () => {
  it('lists what would go out and moves only when confirmed, with the note', async () => {
    const user = userEvent.setup();
    const api = server(OUTWARD);
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText('Note for the timeline (optional)'), 'Signed the agreement');
    await user.click(within(dialog).getByRole('button', { name: 'In review' }));
    const confirm = await screen.findByRole('dialog', { name: 'Move to In review?' });
    const outside = within(confirm).getByRole('list', { name: 'Reaches outside Boardwalk' });
    expect(
      within(outside).getByText('Sends email “Welcome” to maria@example.com (The merchant’s contact)'),
    ).toBeVisible();
    expect(within(outside).getByText('Calls webhook https://crm.example.com/in')).toBeVisible();
    expect(within(outside).getByText('Automation “Tell the CRM”')).toBeVisible();
    expect(within(confirm).getByRole('list', { name: 'Inside Boardwalk' })).toHaveTextContent('Sets MID');
    expect(api.callsTo('POST', `${BASE}/stage`)).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Move and send' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/stage`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/stage`)[0]!.body).toEqual({
      stageId: STAGES[2]!.id,
      updatedAt: merchant().updatedAt,
      note: 'Signed the agreement',
    });
  });

  it('goes back to the stages without moving', async () => {
    const user = userEvent.setup();
    const api = server(OUTWARD);
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'In review' }));
    const confirm = await screen.findByRole('dialog', { name: 'Move to In review?' });
    await user.click(within(confirm).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Change stage' })).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/stage`)).toHaveLength(0);
  });

  it('moves at once when nothing would reach outside', async () => {
    const user = userEvent.setup();
    const api = server([OUTWARD[2]!]);
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'In review' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/stage`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/stage`)[0]!.body).not.toHaveProperty('note');
  });
});
