import { problemBody } from '@boardwalk/shared/problem';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftServer } from '../../../test/merchant-draft-server.ts';
import { draft, DRAFT_ID, merchant, STAGES } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { MerchantAddPage } from './merchant-add-page.tsx';

const NEW_ID = '0190c0de-0000-7000-8000-00000000a0ff';
// Values entered earlier, as the draft API answers them (decision 074): never in clear.
const TAX_ID = 'sealed:0123456789ab:3333';
const ACCOUNT = 'sealed:cccccccccccc:7890';
const SSN = 'sealed:aaaaaaaaaaaa:1120';
const BIRTH = 'sealed:bbbbbbbbbbbb:0804';

const addPage = () =>
  renderPage(<MerchantAddPage />, { url: `/merchant/add?draft=${DRAFT_ID}`, path: '/merchant/add' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MerchantAddPage with sensitive values entered in the draft', { timeout: 60_000 }, () => {
  it('shows one as entered and masked, sends it back as it is, and Replace types a new one', async () => {
    const user = userEvent.setup();
    const server = draftServer(draft({ step: 0, data: { dbaName: 'Harbor Coffee', taxId: TAX_ID } }));
    addPage();
    const taxId = await screen.findByLabelText(/^Tax id/);
    expect(taxId).toHaveValue('•••••3333, entered');
    expect(taxId).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText(/^DBA name/), ' Roasters');
    await waitFor(() => expect(server.stored()?.data).toMatchObject({ dbaName: 'Harbor Coffee Roasters' }), {
      timeout: 3000,
    });
    expect(server.stored()?.data.taxId).toBe(TAX_ID);

    await user.click(screen.getByRole('button', { name: 'Replace Tax id (EIN)' }));
    const retyped = screen.getByLabelText(/^Tax id/);
    expect(retyped).toHaveValue('');
    expect(retyped).toHaveFocus();
    await user.type(retyped, '987654321');
    await waitFor(() => expect(server.stored()?.data.taxId).toBe('987654321'), { timeout: 3000 });
  });

  it('shows an owner’s SSN and date of birth as entered, and they pass the step’s check', async () => {
    const user = userEvent.setup();
    const owner = { firstName: 'Kim', lastName: 'Lee', ownershipPercent: 100, ssn: SSN, dateOfBirth: BIRTH };
    draftServer(draft({ step: 2, data: { dbaName: 'Harbor Coffee', owners: [owner] } }));
    addPage();
    const region = await screen.findByRole('region', { name: 'Owner 1' });
    expect(within(region).getByLabelText(/^Social security number/)).toHaveValue('•••••1120, entered');
    expect(within(region).getByLabelText(/^Date of birth/)).toHaveValue('•••••0804, entered');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Processing' })).toBeInTheDocument();
  });

  it('reviews them masked, leaves them out of the duplicate check, and saves the merchant from the draft', async () => {
    const user = userEvent.setup();
    const data = {
      dbaName: 'Harbor Coffee',
      contactPhone: '555 0100',
      taxId: TAX_ID,
      accountNumber: ACCOUNT,
      stageId: STAGES[0]!.id,
    };
    let refuse = true;
    const server = draftServer(draft({ step: 6, data }), {
      'POST /api/merchants/duplicates': () => ({ body: { duplicates: [] } }),
      'POST /api/merchants': () =>
        refuse
          ? {
              status: 400,
              body: problemBody(400, {
                errors: { taxId: ['This value is no longer kept in the draft: type it again'] },
              }),
            }
          : { status: 201, body: merchant({ id: NEW_ID }) },
    });
    const { router } = addPage();
    const business = await screen.findByRole('region', { name: 'Business' });
    expect(within(business).getByText('•••••3333, entered')).toBeInTheDocument();
    expect(screen.getByText('•••••7890, entered')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('POST', '/api/merchants/duplicates')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/merchants/duplicates')[0]!.body).toEqual({
      dbaName: 'Harbor Coffee',
      contactPhone: '555 0100',
    });

    // The draft no longer holds the value: the server says so on the field, which can be replaced.
    await user.click(screen.getByRole('button', { name: 'Save merchant' }));
    expect(await screen.findByText('This value is no longer kept in the draft: type it again')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Tax id/)).toHaveValue('•••••3333, entered');
    expect(screen.getByRole('button', { name: 'Replace Tax id (EIN)' })).toBeInTheDocument();

    refuse = false;
    for (let step = 0; step < 6; step++) await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Save merchant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/merchant/view/${NEW_ID}`));
    const saved = server.callsTo('POST', '/api/merchants').at(-1)!.body as { data: Record<string, unknown> };
    expect(saved.data).toMatchObject({ taxId: TAX_ID, accountNumber: ACCOUNT, draftId: DRAFT_ID });
  });
});
