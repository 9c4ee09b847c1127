import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { merchant, MERCHANT_ID, pickerRoutes } from '../../../test/merchant-fixtures.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { MerchantViewPage } from './merchant-view-page.tsx';

const BASE = `/api/merchants/${MERCHANT_ID}`;
const AGENT_ID = '0190c0de-0000-7000-8000-0000000a9e01';

/** An agent who sees their own merchants (docs/decisions/110): the page read-only, masked, notes allowed. */
function agentServer() {
  return fakeFetch({
    ...pickerRoutes(),
    'GET /api/me/agent-scope': () => ({ body: { agentIds: [AGENT_ID] } }),
    [`GET ${BASE}`]: () => ({ body: merchant({ agentId: AGENT_ID, agent: { id: AGENT_ID, name: 'Acme Agents' } }) }),
    [`GET ${BASE}/events`]: () => ({ body: { events: [], total: 0 } }),
    [`GET ${BASE}/notes`]: () => ({ body: { notes: [] } }),
  });
}

const viewPage = (query = '') =>
  renderPage(<MerchantViewPage />, {
    url: `/merchant/view/${MERCHANT_ID}${query}`,
    path: '/merchant/view/:id',
    role: 'ROLE_AGENT',
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MerchantViewPage for an agent who sees their own merchants', { timeout: 60_000 }, () => {
  it('shows the merchant masked, with no Reveal, no Clear and no stage, assignee or delete control', async () => {
    agentServer();
    viewPage('?tab=banking');
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Coffee' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Routing number', { selector: 'span' })).toHaveTextContent('•••••0021');
    expect(screen.queryByRole('button', { name: /^Reveal/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Clear/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change stage/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change assignee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('lets the agent add a note', async () => {
    const user = userEvent.setup();
    agentServer();
    viewPage('?tab=notes');
    expect(await screen.findByRole('textbox', { name: 'Add a note' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(screen.getByRole('button', { name: 'Add note' })).toBeInTheDocument();
  });
});
