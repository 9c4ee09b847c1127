import { problemBody } from '@boardwalk/shared/problem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { listBody, renderPage } from '../../test/render-page.tsx';
import { AgentListPage } from './agent-list-page.tsx';

const uuid = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const meta = {
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
};
const companies = [
  {
    id: uuid(11),
    name: 'Harborline Payments',
    type: 'processor',
    contactName: '',
    contactEmail: '',
    contactPhone: '',
    website: '',
    address: '',
    isActive: true,
    ...meta,
  },
  {
    id: uuid(12),
    name: 'Summit Partner ISO',
    type: 'partner_iso',
    contactName: '',
    contactEmail: '',
    contactPhone: '',
    website: '',
    address: '',
    isActive: true,
    ...meta,
  },
];
const person = (n: number, firstName: string, role: string) => ({
  id: uuid(n),
  email: `${firstName.toLowerCase()}@example.com`,
  role,
  status: 'active',
  firstName,
  lastName: 'Doe',
  displayName: '',
  image: null,
  phone: null,
  profile: { firstName, lastName: 'Doe', displayName: '' },
  mustChangePassword: false,
  lockedUntil: null,
  lastLoginAt: null,
  createdAt: meta.createdAt,
  updatedAt: meta.updatedAt,
});
const users = [person(21, 'Dana', 'ROLE_AGENT'), person(22, 'Sam', 'ROLE_STAFF')];
const agent = {
  id: uuid(1),
  name: 'Dana Reyes',
  agentCode: 'DR-104',
  companyId: uuid(12),
  userId: uuid(21),
  email: '',
  phone: '',
  splitPercent: 60,
  isActive: true,
  notes: '',
  ...meta,
};

function agentsApi(post: () => { status?: number; body?: unknown }) {
  return fakeFetch({
    'GET /api/agents': () => ({ body: listBody('agentAccounts', [agent]) }),
    // As the API: allData only when asked for, user options filtered by the role asked for.
    'GET /api/companies': ({ search }) => ({
      body: { ...listBody('companies', companies), allData: search.get('allData') === 'true' ? companies : [] },
    }),
    'GET /api/users/options': ({ search }) => ({
      body: { options: users.filter((u) => !search.has('role') || u.role === search.get('role')) },
    }),
    'POST /api/agents': post,
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AgentListPage', { timeout: 60_000 }, () => {
  it('shows company and linked user names, and offers only agent users to link', async () => {
    const user = userEvent.setup();
    const api = agentsApi(() => ({ status: 201, body: agent }));
    renderPage(<AgentListPage />, { url: '/agent/list' });
    const row = (await screen.findByText('Dana Reyes')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Summit Partner ISO')).toBeInTheDocument();
    expect(within(row).getByText('Dana Doe')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Add agent account' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add agent account' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Kevin Walsh');
    await user.type(within(dialog).getByLabelText(/^Agent code/), 'KW-112');
    await user.click(within(dialog).getByLabelText('Company'));
    await user.click(await screen.findByRole('option', { name: 'Harborline Payments' }));
    const split = within(dialog).getByLabelText(/^Split %/);
    await user.clear(split);
    await user.type(split, '35.5');
    await user.click(within(dialog).getByLabelText('Linked agent user'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Dana Doe (dana@example.com)']);
    await user.click(options[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/agents')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/agents')[0]!.body).toEqual({
      data: expect.objectContaining({
        name: 'Kevin Walsh',
        agentCode: 'KW-112',
        companyId: uuid(11),
        userId: uuid(21),
        splitPercent: 35.5,
      }),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a taken agent code beside its field and keeps the dialog open', async () => {
    const user = userEvent.setup();
    agentsApi(() => ({
      status: 409,
      body: problemBody(409, { errors: { agentCode: ['Another agent account has this code'] } }),
    }));
    renderPage(<AgentListPage />, { url: '/agent/list' });
    await user.click((await screen.findAllByRole('button', { name: 'Add agent account' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add agent account' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Dana Again');
    await user.type(within(dialog).getByLabelText(/^Agent code/), 'DR-104');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Agent code/)).toHaveAccessibleDescription(
        'Another agent account has this code',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Add agent account' })).toBeInTheDocument();
  });
});
