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
});
