import type { ApplicationView } from '@boardwalk/shared/schemas/application';
import type { ApplicationSigning } from '@boardwalk/shared/schemas/application-signing';
import { problemBody } from '@boardwalk/shared/problem';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../test/fake-fetch.ts';
import { ReviewStep } from './review-step.tsx';

const TOKEN = 'tok-123';
const ADA = '0190c0de-0000-7000-8000-0000000000a1';

const VIEW: ApplicationView = {
  portalName: 'Boardwalk',
  state: 'in_progress',
  asks: ['business', 'contact', 'owners', 'processing', 'banking'],
  expiresAt: '2026-12-12T10:00:00Z',
  business: { legalName: 'Acme Holdings LLC', dbaName: 'Acme Coffee' },
  contact: { contactFirstName: 'Ada', contactLastName: 'Lovelace', contactEmail: 'ada@acme.example' },
  owners: [
    {
      key: ADA,
      firstName: 'Ada',
      lastName: 'Lovelace',
      title: '',
      ownershipPercent: 100,
      email: '',
      phone: '',
      ssnOnFile: '•••••1120',
      dateOfBirthOnFile: '',
    },
  ],
  processing: { monthlyVolume: 25000 },
  banking: { bankName: 'First Bank' },
  onFile: { taxId: '•••••6789', routingNumber: '•••••0021', accountNumber: '•••••6789' },
};

const SIGNING: ApplicationSigning = {
  state: 'submitted',
  contentHash: 'ab'.repeat(32),
  submittedAt: '2026-11-28T10:00:00Z',
  signedAt: null,
  signedDocumentId: null,
  signers: [],
};

describe('the review step of the merchant page', () => {
  it('shows every answer with sensitive values masked, and asks for consent before sending anything', async () => {
    const user = userEvent.setup();
    const net = fakeFetch({});
    render(<ReviewStep token={TOKEN} view={VIEW} onSubmitted={() => {}} />);
    expect(screen.getByText('Acme Holdings LLC')).toBeInTheDocument();
    expect(screen.getByText('•••••0021')).toBeInTheDocument();
    expect(screen.getByText('•••••1120')).toBeInTheDocument();
    // The page's main button, as on every step: full width and 48 px tall on a phone.
    expect(screen.getByRole('button', { name: 'Submit for signing' })).toHaveClass('apply-button');
    await user.click(screen.getByRole('button', { name: 'Submit for signing' }));
    const consent = screen.getByRole('checkbox', { name: /electronic records/ });
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription('Tick the box to agree to electronic records');
    expect(net.callsTo('POST', `/api/apply/${TOKEN}/submit`)).toHaveLength(0);
  });

  it("submits by keyboard with consent, and shows the server's field errors beside the answers", async () => {
    const user = userEvent.setup();
    const onSubmitted = vi.fn();
    let refuse = true;
    const net = fakeFetch({
      [`POST /api/apply/${TOKEN}/submit`]: () =>
        refuse
          ? {
              status: 400,
              body: problemBody(400, {
                detail: 'Some answers need attention before you submit.',
                errors: { 'owners.0.email': ['Each owner signs: enter their email'] },
              }),
            }
          : { body: SIGNING },
    });
    render(<ReviewStep token={TOKEN} view={VIEW} onSubmitted={onSubmitted} />);
    screen.getByRole('checkbox', { name: /electronic records/ }).focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('button', { name: 'Submit for signing' }));
    expect(await screen.findByText(/Each owner signs: enter their email/)).toBeInTheDocument();
    expect(onSubmitted).not.toHaveBeenCalled();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Submit for signing' }));
    await vi.waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(SIGNING));
    expect(net.callsTo('POST', `/api/apply/${TOKEN}/submit`).at(-1)?.body).toEqual({ consent: true });
  });
});
