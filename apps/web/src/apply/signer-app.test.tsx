import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../test/fake-fetch.ts';
import { SignerApp } from './signer-app.tsx';

const TOKEN = 'sig-123';

describe("a signer's own page", () => {
  it("carries the portal's name in the same header as the merchant's page, and in the title", async () => {
    fakeFetch({
      [`GET /api/sign/${TOKEN}`]: () => ({
        body: {
          portalName: 'Acme Payments',
          verified: false,
          signerName: 'Ada Lovelace',
          codeSentTo: 'a•••@acme.example',
        },
      }),
    });
    render(<SignerApp token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'Confirm it is you' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Acme Payments');
    expect(document.title).toBe('Sign the application · Acme Payments Portal');
  });

  it('says plainly, under a heading, that a cancelled link no longer opens', async () => {
    fakeFetch({
      [`GET /api/sign/${TOKEN}`]: () => ({
        status: 410,
        body: {
          type: 'about:blank',
          status: 410,
          code: 'link_revoked',
          title: 'Gone',
          detail: 'revoked at 2026-11-28 by x',
        },
      }),
      'GET /api/settings/public': () => ({
        body: { portalName: 'Acme Payments', sessionIdleMinutes: 15, minPasswordLength: 12, customizerEnabled: false },
      }),
    });
    render(<SignerApp token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'This link was cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Ask the person who sent it for a new one.');
    expect(screen.queryByText(/revoked at/)).not.toBeInTheDocument();
  });
});
