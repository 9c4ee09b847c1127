import type { ApplicationRequest } from '@boardwalk/shared/schemas/application';
import { problemBody } from '@boardwalk/shared/problem';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { ApplicationPanel } from './application-panel.tsx';

const MERCHANT = '01960000-0000-7000-8000-0000000000aa';
const REQUEST = '01960000-0000-7000-8000-0000000000bb';
const BASE = `/api/merchants/${MERCHANT}/application-requests`;
const CHANGES = `${BASE}/${REQUEST}/request-changes`;

const request = (state: ApplicationRequest['state']): ApplicationRequest => ({
  id: REQUEST,
  merchantId: MERCHANT,
  state,
  asks: ['business', 'banking'],
  sentTo: 'owner@merchant.example',
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-12-12T10:00:00.000Z',
  lastSentAt: '2026-11-28T10:00:00.000Z',
  openedAt: '2026-11-28T10:05:00.000Z',
  revokedAt: null,
  createdBy: null,
});

function fake(answer: () => { status?: number; body?: unknown }) {
  let current = request('submitted');
  return fakeFetch({
    [`GET ${BASE}`]: () => ({ body: { requests: [current] } }),
    [`GET ${BASE}/${REQUEST}/signing`]: () => ({
      body: {
        state: current.state,
        contentHash: null,
        submittedAt: '2026-11-28T10:30:00.000Z',
        signedAt: null,
        signedDocumentId: null,
        signers: [],
      },
    }),
    [`GET /api/merchants/${MERCHANT}/application-checklist`]: () => ({
      body: {
        requestId: REQUEST,
        items: [
          {
            key: 'voided_check',
            kind: 'voided_check',
            label: 'Voided check',
            hint: '',
            ownerKey: null,
            state: 'uploaded',
            files: [],
          },
        ],
      },
    }),
    [`POST ${CHANGES}`]: () => {
      const reply = answer();
      if (!reply.status || reply.status < 300) current = request('in_progress');
      return reply.status ? reply : { body: current };
    },
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  renderPage(<ApplicationPanel merchantId={MERCHANT} contactEmail="owner@merchant.example" editable />);
  await user.click(await screen.findByRole('button', { name: 'Request changes' }));
  return within(await screen.findByRole('dialog', { name: 'Request changes' }));
}

describe('RequestChangesDialog', { timeout: 60_000 }, () => {
  it('asks for a pick and a reason for each, then sends after the confirmation', async () => {
    const user = userEvent.setup();
    const api = fake(() => ({}));
    let dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText('Pick at least one field or document')).toBeInTheDocument();

    await user.click(dialog.getByRole('checkbox', { name: 'Legal name' }));
    await user.click(await dialog.findByRole('checkbox', { name: 'Voided check' }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findAllByText('Say what should change')).toHaveLength(2);
    expect(api.callsTo('POST', CHANGES)).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /Reason for Legal name/ }), 'Use the registered name');
    await user.type(dialog.getByRole('textbox', { name: /Reason for Voided check/ }), 'The check is unreadable');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Send the application back?' }));
    expect(confirm.getByText(/We email owner@merchant\.example the 2 item/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', CHANGES)).toHaveLength(0);
    dialog = within(await screen.findByRole('dialog', { name: 'Request changes' }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Send the application back?' })).getByRole('button', {
        name: 'Send',
      }),
    );
    await waitFor(() => expect(api.callsTo('POST', CHANGES)).toHaveLength(1));
    expect(api.callsTo('POST', CHANGES)[0]!.body).toEqual({
      data: {
        items: [
          { kind: 'field', key: 'legalName', reason: 'Use the registered name' },
          { kind: 'document', key: 'voided_check', reason: 'The check is unreadable' },
        ],
      },
    });
    expect(await screen.findByText('In progress')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the API's field errors beside the item they are about", async () => {
    const user = userEvent.setup();
    fake(() => ({
      status: 400,
      body: problemBody(400, {
        detail: 'Pick fields or documents of this application',
        errors: { 'items.0.reason': ['Keep the reason under 500 characters'] },
      }),
    }));
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('checkbox', { name: 'Routing number' }));
    await user.type(dialog.getByRole('textbox', { name: /Reason for Routing number/ }), 'Wrong bank');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Send the application back?' })).getByRole('button', {
        name: 'Send',
      }),
    );
    const again = within(await screen.findByRole('dialog', { name: 'Request changes' }));
    const reason = again.getByRole('textbox', { name: /Reason for Routing number/ });
    expect(reason).toHaveAccessibleDescription('Keep the reason under 500 characters');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
  });
});
