import type { ApplicationRequest } from '@boardwalk/shared/schemas/application';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { ApplicationPanel } from './application-panel.tsx';

const MERCHANT = '01960000-0000-7000-8000-0000000000aa';
const REQUEST = '01960000-0000-7000-8000-0000000000bb';
const BASE = `/api/merchants/${MERCHANT}/application-requests`;

function request(state: ApplicationRequest['state']): ApplicationRequest {
  return {
    id: REQUEST,
    merchantId: MERCHANT,
    state,
    asks: ['business'],
    sentTo: 'owner@merchant.example',
    createdAt: '2026-11-28T10:00:00.000Z',
    updatedAt: '2026-11-28T10:00:00.000Z',
    expiresAt: '2026-12-12T10:00:00.000Z',
    lastSentAt: '2026-11-28T10:00:00.000Z',
    openedAt: null,
    revokedAt: null,
    createdBy: { id: '00000000-0000-7000-8000-000000000001', name: 'Ada Admin' },
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ApplicationPanel', { timeout: 60_000 }, () => {
  it('sends a request only after the confirmation, then shows its state', async () => {
    const user = userEvent.setup();
    let requests: ApplicationRequest[] = [];
    const api = fakeFetch({
      [`GET ${BASE}`]: () => ({ body: { requests } }),
      [`POST ${BASE}`]: () => {
        requests = [request('sent')];
        return { status: 201, body: { request: requests[0], link: 'http://localhost/apply/x' } };
      },
    });
    renderPage(<ApplicationPanel merchantId={MERCHANT} contactEmail="owner@merchant.example" editable />);
    expect(await screen.findByText('No application request sent yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send application request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send an application request?' });
    expect(within(dialog).getByText('We email the link to owner@merchant.example.')).toBeInTheDocument();
    expect(api.callsTo('POST', BASE)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST', BASE)).toHaveLength(1));
    expect(api.callsTo('POST', BASE)[0]!.body).toEqual({ data: {} });
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Revoke' })).toBeInTheDocument();
  });

  it('copies the link, and revokes only after the confirmation', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let current = request('opened');
    const api = fakeFetch({
      [`GET ${BASE}`]: () => ({ body: { requests: [current] } }),
      [`POST ${BASE}/${REQUEST}/link`]: () => ({ body: { link: 'http://localhost/apply/abc' } }),
      [`POST ${BASE}/${REQUEST}/revoke`]: () => {
        current = { ...request('revoked'), revokedAt: '2026-11-28T11:00:00.000Z' };
        return { body: current };
      },
    });
    renderPage(<ApplicationPanel merchantId={MERCHANT} contactEmail="owner@merchant.example" editable />);
    expect(await screen.findByText('Opened')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('http://localhost/apply/abc'));

    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the application request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', `${BASE}/${REQUEST}/revoke`)).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/${REQUEST}/revoke`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Send application request' })).toBeInTheDocument();
  });

  it('shows the state alone to who may not edit the merchant', async () => {
    fakeFetch({ [`GET ${BASE}`]: () => ({ body: { requests: [request('in_progress')] } }) });
    renderPage(<ApplicationPanel merchantId={MERCHANT} contactEmail="owner@merchant.example" editable={false} />);
    expect(await screen.findByText('In progress')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
