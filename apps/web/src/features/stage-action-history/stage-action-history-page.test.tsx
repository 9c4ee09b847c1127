import type { StageActionExecution } from '@boardwalk/shared/schemas/workflow-action';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problemBody } from '@boardwalk/shared/problem';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { HistoryStageActionsPage } from './stage-action-history-page.tsx';

const PATH = '/api/history/stageActionExecutionHistory';
const execution = (n: number, overrides: Partial<StageActionExecution> = {}): StageActionExecution => ({
  id: `00000000-0000-7000-8000-00000000000${n}`,
  stageActionId: '00000000-0000-7000-8000-0000000000a1',
  stage: { id: '00000000-0000-7000-8000-0000000000b1', name: 'Underwriting review' },
  merchant: { id: '00000000-0000-7000-8000-0000000000c1', dbaName: 'Blue Bottle Cafe' },
  domainEventId: null,
  type: 'webhook',
  config: { url: 'https://partner.example.com/hook', secretSet: true },
  summary: 'POST to https://partner.example.com/hook (signed)',
  status: 'failed',
  attempt: 3,
  error: 'The webhook answered 500',
  result: null,
  createdAt: `2026-03-0${n}T10:00:00.000Z`,
  startedAt: `2026-03-0${n}T10:00:01.000Z`,
  finishedAt: `2026-03-0${n}T10:00:02.000Z`,
  ...overrides,
});

const page = (rows: StageActionExecution[]) => ({
  body: { stageActionExecutions: rows, total: rows.length, params: {}, allData: [] },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HistoryStageActionsPage', { timeout: 60_000 }, () => {
  it('lists executions newest first with the URL filters, and retries a failed one from its details', async () => {
    const user = userEvent.setup();
    const failed = execution(1);
    const api = fakeFetch({
      [`GET ${PATH}`]: () => page([failed]),
      [`POST /api/history/stage-action/${failed.id}/retry`]: () => ({ body: { ...failed, status: 'queued' } }),
    });
    renderPage(<HistoryStageActionsPage />, { url: '/history/stage-actions?status=failed&from=2026-03-01' });
    const grid = within(await screen.findByRole('grid', { name: 'Executions' }));
    expect(await grid.findByText('Blue Bottle Cafe')).toBeInTheDocument();
    expect(grid.getByText('The webhook answered 500')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET', PATH)[0]!.search)).toMatchObject({
      status: 'failed',
      sort: 'createdAt',
      order: 'desc',
      from: new Date(2026, 2, 1).toISOString(),
    });
    await user.click(grid.getByRole('button', { name: /^Details of POST/ }));
    const details = await screen.findByRole('region', { name: 'Execution details' });
    expect(within(details).getByText('Failed, attempt 3')).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/history/stage-action/${failed.id}/retry`)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET', PATH).length).toBeGreaterThan(1));
  });

  it("logs a fetch failure as 'Error fetching data:' and shows it", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeFetch({
      [`GET ${PATH}`]: () => ({ status: 500, body: problemBody(500) }),
    });
    renderPage(<HistoryStageActionsPage />, { url: '/history/stage-actions' });
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Error fetching data:', expect.anything()));
    expect(await screen.findByRole('alert')).toHaveTextContent('Executions could not be loaded');
  });
});
