import type { ApiToken, ApiTokenWithSecret } from '@boardwalk/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { listBody, renderPage } from '../../test/render-page.tsx';
import { ApiTokensPage } from './api-tokens-page.tsx';
import { CreateTokenDialog } from './create-token-dialog.tsx';

const ME = '00000000-0000-7000-8000-000000000001';
const SECRET = `bw_live_${'A1b2C3d4'.repeat(5)}`;

const token = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: '00000000-0000-7000-8000-0000000000c1',
  name: 'CRM sync',
  prefix: 'bw_live_Zz9Yy8Xx',
  scopes: { merchant: 'read', company: 'write' },
  createdBy: { id: ME, label: 'Ada Admin' },
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-05-30T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  graceEndsAt: null,
  rotatedFromId: null,
  status: 'active',
  ...overrides,
});

function tokensApi(rows: ApiToken[] = [token()]) {
  let list = rows;
  return fakeFetch({
    'GET /api/api-tokens': () => ({ body: listBody('apiTokens', list) }),
    'POST /api/api-tokens': (call) => {
      const data = (call.body as { data: { name: string; scopes: ApiToken['scopes'] } }).data;
      const created: ApiTokenWithSecret = {
        ...token({ id: '00000000-0000-7000-8000-0000000000c2', name: data.name, scopes: data.scopes }),
        prefix: SECRET.slice(0, 16),
        secret: SECRET,
      };
      list = [created, ...list];
      return { status: 201, body: created };
    },
    'DELETE /api/api-tokens/00000000-0000-7000-8000-0000000000c1': () => {
      list = list.map((t) =>
        t.id.endsWith('c1') ? { ...t, status: 'revoked', revokedAt: '2026-03-02T00:00:00Z' } : t,
      );
      return { status: 204 };
    },
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ApiTokensPage', { timeout: 60_000 }, () => {
  it('lists tokens with prefix, scopes, creator and status', async () => {
    tokensApi();
    renderPage(<ApiTokensPage />, { url: '/setting/api-tokens' });
    const grid = within(await screen.findByRole('grid', { name: 'API tokens' }));
    expect(await grid.findByText('CRM sync')).toBeInTheDocument();
    expect(grid.getByText('bw_live_Zz9Yy8Xx…')).toBeInTheDocument();
    expect(grid.getByText('Merchants: read, Companies: write')).toBeInTheDocument();
    expect(grid.getByText('Active')).toBeInTheDocument();
    expect(grid.getByText('Never')).toBeInTheDocument();
  });

  it('creates a token with the chosen scopes and shows its secret once, with a copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = tokensApi();
    renderPage(<ApiTokensPage />, { url: '/setting/api-tokens' });
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create API token' }));
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Warehouse');
    await user.click(dialog.getByRole('combobox', { name: 'Companies' }));
    await user.click(await screen.findByRole('option', { name: 'Read and write' }));
    // Revealing is off unless ticked.
    expect(dialog.getByRole('checkbox', { name: 'Reveal sensitive values' })).not.toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Create token' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Token “Warehouse” created' }));
    expect(shown.getByRole('textbox', { name: 'Secret' })).toHaveValue(SECRET);
    await user.click(shown.getByRole('button', { name: 'Copy the secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await shown.findByText('Copied to the clipboard.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/api-tokens')[0]!.body).toEqual({
      data: { name: 'Warehouse', scopes: { merchant: 'read', company: 'write' }, expiry: '90' },
    });
    await user.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Secret' })).not.toBeInTheDocument());
  });

  it('offers revealing as a tick box that warns once ticked, and sends it as a read scope', async () => {
    const user = userEvent.setup();
    const api = tokensApi();
    renderPage(<ApiTokensPage />, { url: '/setting/api-tokens', role: 'ROLE_STAFF' });
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create API token' }));
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Boarding partner');
    expect(dialog.queryByRole('combobox', { name: 'Reveal sensitive values' })).not.toBeInTheDocument();
    expect(dialog.queryByText(/in clear/)).not.toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: 'Reveal sensitive values' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(/tax ids, SSNs, dates of birth and bank numbers in clear/);
    await user.click(dialog.getByRole('button', { name: 'Create token' }));
    await screen.findByRole('dialog', { name: 'Token “Boarding partner” created' });
    expect(api.callsTo('POST', '/api/api-tokens')[0]!.body).toEqual({
      data: { name: 'Boarding partner', scopes: { merchant: 'read', 'merchant-reveal': 'read' }, expiry: '90' },
    });
  });

  it('says revealing needs the merchant scope, before sending', async () => {
    const user = userEvent.setup();
    const api = tokensApi();
    renderPage(<ApiTokensPage />, { url: '/setting/api-tokens' });
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create API token' }));
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'No merchants');
    await user.click(dialog.getByRole('combobox', { name: 'Merchants' }));
    await user.click(await screen.findByRole('option', { name: 'No access' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Reveal sensitive values' }));
    await user.click(dialog.getByRole('button', { name: 'Create token' }));
    expect(await dialog.findByText('Reveal sensitive values needs the Merchants scope too')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/api-tokens')).toHaveLength(0);
  });

  it('offers no scope, revealing included, that the role may not use (the shared abilities)', async () => {
    tokensApi();
    renderPage(<CreateTokenDialog role="ROLE_AGENT" onClose={() => {}} onCreated={() => {}} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Create API token' }));
    expect(dialog.queryByRole('combobox', { name: 'Merchants' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('checkbox', { name: 'Reveal sensitive values' })).not.toBeInTheDocument();
  });

  it('offers "never expires" to superadmins only', async () => {
    const user = userEvent.setup();
    tokensApi();
    renderPage(<ApiTokensPage />, { url: '/setting/api-tokens', role: 'ROLE_ADMIN' });
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    await user.click(screen.getByRole('combobox', { name: 'Expires' }));
    expect(await screen.findByRole('option', { name: '365 days' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Never (superadmins only)' })).not.toBeInTheDocument();
  });

  it('revokes after a confirmation', async () => {
    const user = userEvent.setup();
    const api = tokensApi();
    renderPage(<ApiTokensPage />, { url: '/setting/api-tokens' });
    await user.click(await screen.findByRole('button', { name: 'Revoke CRM sync' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Revoke this token?' }));
    expect(api.callsTo('DELETE', '/api/api-tokens/00000000-0000-7000-8000-0000000000c1')).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE', '/api/api-tokens/00000000-0000-7000-8000-0000000000c1')).toHaveLength(1),
    );
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
  });

  it('says that revoking a rotated token stops the other secret of its rotation too', async () => {
    const user = userEvent.setup();
    const old = token({ id: '00000000-0000-7000-8000-0000000000c1', name: 'Old', status: 'rotating' });
    const next = token({
      id: '00000000-0000-7000-8000-0000000000c3',
      name: 'New',
      prefix: 'bw_live_Nn7Mm6Ll',
      rotatedFromId: old.id,
    });
    tokensApi([next, old]);
    renderPage(<ApiTokensPage />, { url: '/setting/api-tokens' });
    await user.click(await screen.findByRole('button', { name: 'Revoke New' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Revoke this token?' }));
    expect(
      confirm.getByText(
        '“New” (bw_live_Nn7Mm6Ll…) stops working at once, and so does the other secret of its rotation ' +
          '(bw_live_Zz9Yy8Xx…). This cannot be undone.',
      ),
    ).toBeInTheDocument();
  });
});
