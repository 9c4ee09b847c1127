import type { ApplicationView } from '@boardwalk/shared/schemas/application';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../test/fake-fetch.ts';
import { ApplicationSteps } from './application-steps.tsx';

const TOKEN = 'tok-123';
const VIEW: ApplicationView = {
  portalName: 'Boardwalk',
  state: 'in_progress',
  asks: ['business', 'contact', 'owners', 'processing', 'banking'],
  expiresAt: '2026-12-12T10:00:00.000Z',
  business: { dbaName: 'Acme' },
  contact: {},
  owners: [],
  processing: {},
  banking: { bankName: 'First Bank' },
  onFile: { taxId: '', routingNumber: '', accountNumber: '' },
};

describe('an application sent back for changes', () => {
  it('opens at the first item to fix, lists every item with its reason, and goes to an item’s step', async () => {
    const user = userEvent.setup();
    fakeFetch({
      [`GET /api/apply/${TOKEN}/changes-requested`]: () => ({
        body: {
          items: [
            { kind: 'field', key: 'bankName', label: 'Bank name', reason: 'That bank closed' },
            { kind: 'field', key: 'contactEmail', label: 'Contact email', reason: 'It bounced' },
          ],
        },
      }),
    });
    render(<ApplicationSteps token={TOKEN} view={VIEW} onClosed={() => {}} onSubmitted={() => {}} />);

    const notice = await screen.findByRole('region', { name: 'Please change these answers' });
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bank name: That bank closed', 'Contact email: It bounced']);
    expect(await screen.findByRole('button', { name: '5. Bank and tax id' })).toHaveAttribute('aria-current', 'step');

    await user.click(within(notice).getByRole('button', { name: 'Contact email' }));
    expect(screen.getByRole('button', { name: '2. Contact' })).toHaveAttribute('aria-current', 'step');
  });
});
