import type { ApplicationRequest } from '@boardwalk/shared/schemas/application';
import type { ApplicationSigning } from '@boardwalk/shared/schemas/application-signing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { ApplicationPanel } from './application-panel.tsx';

const MERCHANT = '01960000-0000-7000-8000-0000000000aa';
const REQUEST = '01960000-0000-7000-8000-0000000000bb';
const ANA = '01960000-0000-7000-8000-0000000000c1';
const BEN = '01960000-0000-7000-8000-0000000000c2';
const PDF = '01960000-0000-7000-8000-0000000000d1';
const BASE = `/api/merchants/${MERCHANT}/application-requests`;
const SIGNING = `${BASE}/${REQUEST}/signing`;
const SEND_BEN = `${BASE}/${REQUEST}/signers/${BEN}/send`;

const request = (state: ApplicationRequest['state']): ApplicationRequest => ({
  id: REQUEST,
  merchantId: MERCHANT,
  state,
  asks: ['business'],
  sentTo: 'owner@merchant.example',
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-12-12T10:00:00.000Z',
  lastSentAt: '2026-11-28T10:00:00.000Z',
  openedAt: '2026-11-28T10:05:00.000Z',
  revokedAt: null,
  createdBy: null,
});

const signer = (id: string, name: string, signed: boolean, stale = false) => ({
  id,
  name,
  email: `${name.toLowerCase()}@merchant.example`,
  signed,
  stale,
  signedAt: signed || stale ? '2026-11-28T11:00:00.000Z' : null,
  linkSentAt: null,
});

const signing = (over: Partial<ApplicationSigning>): ApplicationSigning => ({
  state: 'submitted',
  contentHash: 'a'.repeat(64),
  submittedAt: '2026-11-28T10:30:00.000Z',
  signedAt: null,
  signedDocumentId: null,
  signers: [signer(ANA, 'Ana', true), signer(BEN, 'Ben', false)],
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ApplicationPanel signers', { timeout: 60_000 }, () => {
  it("lists the signers and emails a pending one's link only after the confirmation", async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      [`GET ${BASE}`]: () => ({ body: { requests: [request('submitted')] } }),
      [`GET ${SIGNING}`]: () => ({ body: signing({}) }),
      [`POST ${SEND_BEN}`]: () => ({ status: 202, body: signing({}) }),
    });
    renderPage(<ApplicationPanel merchantId={MERCHANT} contactEmail="owner@merchant.example" editable />);
    const list = within(await screen.findByRole('region', { name: 'Signers' }));
    expect(await list.findByText('Ana')).toBeInTheDocument();
    expect(list.getByText('Signed')).toBeInTheDocument();
    expect(list.getByText('Pending')).toBeInTheDocument();
    expect(list.getByText('ben@merchant.example')).toBeInTheDocument();
    // A signed signer has nothing to send; the PDF is not there before all have signed.
    expect(list.queryByRole('button', { name: 'Send link to Ana' })).not.toBeInTheDocument();
    expect(list.queryByRole('link', { name: /Signed application/ })).not.toBeInTheDocument();

    await user.click(list.getByRole('button', { name: 'Send link to Ben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the signing link?' });
    expect(within(dialog).getByText(/ben@merchant\.example/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', SEND_BEN)).toHaveLength(0);

    await user.click(await list.findByRole('button', { name: 'Send link to Ben' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST', SEND_BEN)).toHaveLength(1));
  });

  it('links the signed PDF once all have signed, and marks a stale signature', async () => {
    fakeFetch({
      [`GET ${BASE}`]: () => ({ body: { requests: [request('signed')] } }),
      [`GET ${SIGNING}`]: () => ({
        body: signing({
          state: 'signed',
          signedAt: '2026-11-28T12:00:00.000Z',
          signedDocumentId: PDF,
          signers: [signer(ANA, 'Ana', true), signer(BEN, 'Ben', false, true)],
        }),
      }),
    });
    renderPage(<ApplicationPanel merchantId={MERCHANT} contactEmail="owner@merchant.example" editable={false} />);
    const link = await screen.findByRole('link', { name: 'Signed application (PDF)' });
    expect(link).toHaveAttribute('href', `/api/merchants/${MERCHANT}/documents/${PDF}/download`);
    expect(screen.getByText('Signed before a change: must sign again')).toBeInTheDocument();
    // Who may not edit the merchant sees the signers, not the buttons.
    expect(screen.queryByRole('button', { name: /Send link/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request changes' })).not.toBeInTheDocument();
  });
});
