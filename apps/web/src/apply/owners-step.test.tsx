import type { ApplicationView } from '@boardwalk/shared/schemas/application';
import { problemBody } from '@boardwalk/shared/problem';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../test/fake-fetch.ts';
import { OwnersStep } from './owners-step.tsx';

const TOKEN = 'tok-123';
const ADA = '0190c0de-0000-7000-8000-0000000000a1';

const view = (owners: ApplicationView['owners']): ApplicationView => ({
  portalName: 'Boardwalk',
  state: 'opened',
  asks: ['business', 'contact', 'owners', 'processing', 'banking'],
  expiresAt: '2026-12-12T10:00:00.000Z',
  business: { dbaName: 'Acme' },
  contact: {},
  owners,
  processing: {},
  banking: { bankName: '' },
  onFile: { taxId: '', routingNumber: '', accountNumber: '' },
});

const ada = {
  key: ADA,
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: '',
  ownershipPercent: 60,
  email: '',
  phone: '',
  ssnOnFile: '•••••1120',
  dateOfBirthOnFile: '',
};

describe('the owners step of the merchant page', () => {
  it('shows an SSN on file masked only, keeps it when not typed, adds an owner and shows field errors', async () => {
    const user = userEvent.setup();
    let answer: { status: number; body: unknown } = { status: 200, body: view([ada]) };
    const net = fakeFetch({ [`PUT /api/apply/${TOKEN}/application/owners`]: () => answer });
    render(<OwnersStep token={TOKEN} view={view([ada])} onView={() => {}} onClosed={() => {}} />);

    const first = screen.getByRole('group', { name: 'Owner 1' });
    const ssn = within(first).getByLabelText('Social security number');
    expect(ssn).toHaveValue('');
    expect(ssn).toHaveAccessibleDescription('•••••1120 on file — enter to change');

    await user.click(screen.getByRole('button', { name: 'Add an owner' }));
    const second = screen.getByRole('group', { name: 'Owner 2' });
    await user.type(within(second).getByLabelText('First name'), 'Grace');
    await user.type(within(second).getByLabelText('Ownership (%)'), '50');
    answer = {
      status: 400,
      body: problemBody(400, {
        detail: 'Check the fields',
        errors: {
          'owners.1.lastName': ['Enter the last name'],
          owners: ['The owners’ shares add up to more than 100%'],
        },
      }),
    };
    await user.click(screen.getByRole('button', { name: 'Save owners' }));

    const [sent] = net.callsTo('PUT', `/api/apply/${TOKEN}/application/owners`);
    expect(sent!.body).toEqual({
      owners: [
        { key: ADA, firstName: 'Ada', lastName: 'Lovelace', title: '', email: '', phone: '', ownershipPercent: 60 },
        { firstName: 'Grace', lastName: '', title: '', email: '', phone: '', ownershipPercent: 50 },
      ],
    });
    expect(await screen.findByText('Enter the last name')).toBeVisible();
    expect(within(screen.getByRole('group', { name: 'Owner 2' })).getByLabelText('Last name')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('status')).toHaveTextContent('The owners’ shares add up to more than 100%');

    await user.click(screen.getByRole('button', { name: 'Remove owner 2' }));
    expect(screen.queryByRole('group', { name: 'Owner 2' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Owner 1' })).toBeVisible();
  });
});
