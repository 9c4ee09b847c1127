import type { ApplicationSigning } from '@boardwalk/shared/schemas/application-signing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../test/fake-fetch.ts';
import { SignStep } from './sign-step.tsx';

const TOKEN = 'tok-123';
const ADA = '0190c0de-0000-7000-8000-0000000000a1';
const GRACE = '0190c0de-0000-7000-8000-0000000000a2';

const signer = (id: string, name: string, signed: boolean, extra: Partial<ApplicationSigning['signers'][0]> = {}) => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@acme.example`,
  signed,
  stale: false,
  signedAt: signed ? '2026-11-28T10:05:00Z' : null,
  linkSentAt: null,
  ...extra,
});
const signing = (adaSigned: boolean, extra: Partial<ApplicationSigning> = {}): ApplicationSigning => ({
  state: 'submitted',
  contentHash: 'ab'.repeat(32),
  submittedAt: '2026-11-28T10:00:00Z',
  signedAt: null,
  signedDocumentId: null,
  signers: [signer(ADA, 'Ada Lovelace', adaSigned), signer(GRACE, 'Grace Hopper', false, { stale: true })],
  ...extra,
});

describe('the sign step of the merchant page', () => {
  it('requires a typed name beside the field, signs by keyboard, and sends a signer their link', async () => {
    const user = userEvent.setup();
    const net = fakeFetch({
      [`POST /api/apply/${TOKEN}/signers/${ADA}/sign`]: () => ({ body: signing(true) }),
      [`POST /api/apply/${TOKEN}/signers/${GRACE}/send`]: () => ({
        status: 202,
        body: signing(true, {
          signers: [
            signer(ADA, 'Ada Lovelace', true),
            signer(GRACE, 'Grace Hopper', false, { linkSentAt: '2026-11-28T10:06:00Z' }),
          ],
        }),
      }),
    });
    render(<SignStep token={TOKEN} signing={signing(false)} />);
    expect(screen.getByText('The application changed since this signature: sign again')).toBeInTheDocument();

    const ada = screen.getByRole('form', { name: 'Sign as Ada Lovelace' });
    // The page's main button, as on every step: full width and 48 px tall on a phone.
    expect(within(ada).getByRole('button', { name: 'Sign as Ada Lovelace' })).toHaveClass('apply-button');
    await user.click(within(ada).getByRole('button', { name: 'Sign as Ada Lovelace' }));
    const name = within(ada).getByLabelText('Full name of Ada Lovelace');
    expect(name).toHaveAccessibleDescription('Type your full name');
    expect(net.callsTo('POST', `/api/apply/${TOKEN}/signers/${ADA}/sign`)).toHaveLength(0);

    await user.type(name, 'Ada Lovelace{Enter}');
    expect(await screen.findByText('Signed')).toBeInTheDocument();
    expect(net.callsTo('POST', `/api/apply/${TOKEN}/signers/${ADA}/sign`)[0]?.body).toEqual({
      typedName: 'Ada Lovelace',
    });

    await user.click(screen.getByRole('button', { name: 'Send to this signer (grace@acme.example)' }));
    expect(await screen.findByText('We emailed Grace Hopper a link to sign.')).toBeInTheDocument();
  });

  it('says so once every signer has signed', () => {
    render(<SignStep token={TOKEN} signing={signing(true, { state: 'signed' })} />);
    expect(screen.getByRole('heading', { name: 'Signed' })).toBeInTheDocument();
  });
});
