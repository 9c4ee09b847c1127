import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problemBody } from '@boardwalk/shared/problem';
import type { AutomationExecution, AutomationExecutionDetail } from '@boardwalk/shared/schemas/automation';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { HistoryAutomationsPage } from './automation-history-page.tsx';

const PATH = '/api/history/automations';
const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const AUTOMATION_ID = id(50);

const failed: AutomationExecution = {
  id: id(1),
  automation: { id: AUTOMATION_ID, name: 'Approved follow-up' },
  automationName: 'Approved follow-up',
  merchant: { id: id(900), dbaName: 'Blue Bottle Cafe' },
  triggerType: 'stage_changed',
  status: 'failed',
  attempt: 3,
  error: 'The email template is gone',
  createdAt: '2026-03-01T10:00:00.000Z',
  startedAt: '2026-03-01T10:00:01.000Z',
  finishedAt: '2026-03-01T10:00:02.000Z',
};
const detail: AutomationExecutionDetail = {
  ...failed,
  triggerEvent: { type: 'stage_changed', key: id(77), domainEventId: id(77), depth: 0, data: {} },
  resumeAt: null,
  actions: [
    {
      position: 0,
      type: 'create_todo',
      summary: 'Create todo “Call” for the assigned user',
      status: 'succeeded',
      result: { todoId: id(300) },
      error: null,
      startedAt: '2026-03-01T10:00:01.000Z',
      finishedAt: '2026-03-01T10:00:01.500Z',
    },
    {
      position: 1,
      type: 'send_email',
      summary: "Send email to the merchant's contact",
      status: 'failed',
      result: null,
      error: 'The email template is gone',
      startedAt: '2026-03-01T10:00:01.500Z',
      finishedAt: '2026-03-01T10:00:02.000Z',
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HistoryAutomationsPage', { timeout: 120_000 }, () => {
  it('lists runs with the URL filters, shows each action result in the details, and retries a failed run', async () => {
    const user = userEvent.setup();
    const api = fakeFetch({
      [`GET ${PATH}`]: () => ({ body: { executions: [failed], total: 1, params: {} } }),
      'GET /api/automations': () => ({ body: { automations: [], total: 0, params: {}, allData: [] } }),
      [`GET ${PATH}/${failed.id}`]: () => ({ body: detail }),
      [`POST ${PATH}/${failed.id}/retry`]: () => ({ body: { ...detail, status: 'queued' } }),
    });
    renderPage(<HistoryAutomationsPage />, {
      url: `/history/automations?status=failed&automationId=${AUTOMATION_ID}&from=2026-03-01`,
    });
    const grid = within(await screen.findByRole('grid', { name: 'Executions' }));
    expect(await grid.findByText('Blue Bottle Cafe')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET', PATH)[0]!.search)).toMatchObject({
      status: 'failed',
      automationId: AUTOMATION_ID,
      sort: 'createdAt',
      order: 'desc',
      from: new Date(2026, 2, 1).toISOString(),
    });
    await user.click(grid.getByRole('button', { name: 'Details of Approved follow-up for Blue Bottle Cafe' }));
    const details = await screen.findByRole('region', { name: 'Execution details' });
    const results = within(await within(details).findByRole('list', { name: 'Action results' }));
    expect(results.getByText("2. Send email to the merchant's contact")).toBeInTheDocument();
    expect(results.getAllByText('The email template is gone')).toHaveLength(1);
    await user.click(within(details).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.callsTo('POST', `${PATH}/${failed.id}/retry`)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET', PATH).length).toBeGreaterThan(1));
  });

  it("logs a fetch failure as 'Error fetching data:' and shows it", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeFetch({
      [`GET ${PATH}`]: () => ({ status: 500, body: problemBody(500) }),
      'GET /api/automations': () => ({ body: { automations: [], total: 0, params: {}, allData: [] } }),
    });
    renderPage(<HistoryAutomationsPage />, { url: '/history/automations' });
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Error fetching data:', expect.anything()));
    expect(await screen.findByRole('alert')).toHaveTextContent('Executions could not be loaded');
  });
});
