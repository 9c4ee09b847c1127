import type { CronJob } from '@boardwalk/shared';
import { problemBody } from '@boardwalk/shared/problem';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { HistoryCronJobsPage } from './cron-jobs-page.tsx';

const job: CronJob = {
  name: 'log-retention',
  description: 'Deletes audit log rows older than the log retention setting.',
  cron: '15 3 * * *',
  paused: false,
  lastRunAt: '2026-11-22T03:15:00.000Z',
  lastRunStatus: 'succeeded',
  nextRunAt: '2026-11-23T03:15:00.000Z',
  updatedAt: '2026-11-22T03:15:01.000Z',
};

function cronApi() {
  return fakeFetch({
    'GET /api/history/cron-jobs': () => ({ body: { cronJobs: [job], total: 1, params: {}, allData: [] } }),
    'POST /api/history/cron-jobs/log-retention/pause': () => ({ body: { ...job, paused: true, nextRunAt: null } }),
    'POST /api/history/cron-jobs/log-retention/run': () => ({
      status: 202,
      body: { queueJobId: '0190c0de-0000-7000-8000-0000000000f1' },
    }),
    'GET /api/history/cron-jobs/log-retention/runs': () => ({
      body: {
        cronJobRuns: [
          {
            id: '0190c0de-0000-7000-8000-0000000000f2',
            jobName: 'log-retention',
            queueJobId: '0190c0de-0000-7000-8000-0000000000f1',
            attempt: 1,
            status: 'succeeded',
            startedAt: '2026-11-22T03:15:00.000Z',
            finishedAt: '2026-11-22T03:15:01.000Z',
            durationMs: 812,
            output: { deleted: 12 },
            error: null,
          },
        ],
        total: 1,
        params: {},
        allData: [],
      },
    }),
    'PATCH /api/history/cron-jobs/log-retention': (call) => ({ body: { ...job, cron: String(call.body?.cron) } }),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HistoryCronJobsPage', { timeout: 60_000 }, () => {
  it('pauses and runs a job after asking, and edits its schedule in the runs drawer', async () => {
    const net = cronApi();
    renderPage(<HistoryCronJobsPage />, { url: '/history/cron-jobs' });
    const table = within(await screen.findByRole('grid', { name: 'Cron jobs' }));
    expect(await table.findByText('15 3 * * *')).toBeInTheDocument();

    await userEvent.click(table.getByRole('button', { name: 'Pause log-retention' }));
    const pause = within(await screen.findByRole('dialog', { name: 'Pause log-retention?' }));
    await userEvent.click(pause.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/history/cron-jobs/log-retention/pause')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(table.getByRole('button', { name: 'Run now: log-retention' }));
    const run = within(await screen.findByRole('dialog', { name: 'Run log-retention now?' }));
    await userEvent.click(run.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/history/cron-jobs/log-retention/run')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(table.getByRole('button', { name: 'Runs of log-retention' }));
    expect(await screen.findByText('{"deleted":12}')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Cron expression (UTC)' });
    await userEvent.clear(field);
    await userEvent.type(field, 'every day');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Give five fields/)).toBeInTheDocument();
    expect(net.callsTo('PATCH', '/api/history/cron-jobs/log-retention')).toHaveLength(0);
    await userEvent.clear(field);
    await userEvent.type(field, '0 4 * * *');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('PATCH', '/api/history/cron-jobs/log-retention')).toHaveLength(1));
    expect(net.callsTo('PATCH', '/api/history/cron-jobs/log-retention')[0]!.body).toEqual({
      cron: '0 4 * * *',
      updatedAt: job.updatedAt,
    });
  });

  it("loads the list again when the runs drawer closes, so the row's last run is the drawer's newest", async () => {
    const net = cronApi();
    renderPage(<HistoryCronJobsPage />, { url: '/history/cron-jobs' });
    const table = within(await screen.findByRole('grid', { name: 'Cron jobs' }));
    await userEvent.click(await table.findByRole('button', { name: 'Runs of log-retention' }));
    expect(await screen.findByText('{"deleted":12}')).toBeInTheDocument();
    const listed = net.callsTo('GET', '/api/history/cron-jobs').length;
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(net.callsTo('GET', '/api/history/cron-jobs')).toHaveLength(listed + 1));
  });

  it('shows staff the jobs and their runs, without the controls', async () => {
    cronApi();
    renderPage(<HistoryCronJobsPage />, { url: '/history/cron-jobs', role: 'ROLE_STAFF' });
    const table = within(await screen.findByRole('grid', { name: 'Cron jobs' }));
    await table.findByText('log-retention');
    expect(table.queryByRole('button', { name: /Pause|Run now/ })).not.toBeInTheDocument();
    expect(table.getByRole('button', { name: 'Runs of log-retention' })).toBeInTheDocument();
  });

  it('searches the jobs from the URL, as every list page does', async () => {
    const digest: CronJob = { ...job, name: 'daily-digest', description: 'Sends the daily digest.', cron: '0 7 * * *' };
    fakeFetch({
      'GET /api/history/cron-jobs': () => ({ body: { cronJobs: [job, digest], total: 2, params: {}, allData: [] } }),
    });
    renderPage(<HistoryCronJobsPage />, { url: '/history/cron-jobs?q=digest' });
    const table = within(await screen.findByRole('grid', { name: 'Cron jobs' }));
    expect(await table.findByText('daily-digest')).toBeInTheDocument();
    expect(table.queryByText('log-retention')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search cron jobs' })).toHaveValue('digest');
  });

  it("lists a job's runs in a named grid whose failure offers Retry, its page kept out of the URL", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const net = fakeFetch({
      'GET /api/history/cron-jobs': () => ({ body: { cronJobs: [job], total: 1, params: {}, allData: [] } }),
      'GET /api/history/cron-jobs/log-retention/runs': () =>
        fail
          ? { status: 500, body: problemBody(500) }
          : { body: { cronJobRuns: [], total: 0, params: {}, allData: [] } },
    });
    renderPage(<HistoryCronJobsPage />, { url: '/history/cron-jobs' });
    const table = within(await screen.findByRole('grid', { name: 'Cron jobs' }));
    await userEvent.click(await table.findByRole('button', { name: 'Runs of log-retention' }));
    const drawer = within(await screen.findByRole('presentation'));
    fail = false;
    await userEvent.click(await drawer.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(net.callsTo('GET', '/api/history/cron-jobs/log-retention/runs')).toHaveLength(2));
    expect(await drawer.findByRole('grid', { name: 'Runs of log-retention' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it("logs a failed fetch as 'Error fetching data:' and shows the error", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeFetch({ 'GET /api/history/cron-jobs': () => ({ status: 500, body: problemBody(500) }) });
    renderPage(<HistoryCronJobsPage />, { url: '/history/cron-jobs' });
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Error fetching data:', expect.anything()));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
