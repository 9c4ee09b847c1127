import { FIRST_PAINT } from '../admin-fixtures.ts';
import { seriousViolations } from '../axe.ts';
import { expect, test } from '../fixtures.ts';

test.use({ signedInAs: 'admin' });

/** A built-in job that is harmless to run at any time: it deletes log rows older than a year. */
const JOB = 'log-retention';

// The built-in jobs on /history/cron-jobs, paused, resumed and run now by an admin,
// each run recorded and listed in the job's drawer.
test('an admin pauses, resumes and runs a cron job now, and sees its run recorded', async ({ page }) => {
  test.slow();
  const runs = await page.request.get(`/api/history/cron-jobs/${JOB}/runs`, { params: { pageSize: '10' } });
  expect(runs.status(), await runs.text()).toBe(200);
  const before = ((await runs.json()) as { total: number }).total;

  await page.goto('/history/cron-jobs');
  const table = page.getByRole('grid', { name: 'Cron jobs' });
  const row = table.getByRole('row').filter({ has: page.getByText(JOB, { exact: true }) });
  await expect(row).toContainText('15 3 * * *', { timeout: FIRST_PAINT });
  for (const name of ['daily-digest', 'automation-time-in-stage', 'expired-credentials', 'inactive-users']) {
    await expect(table.getByText(name, { exact: true })).toBeVisible();
  }
  expect(await seriousViolations(page, '/history/cron-jobs')).toEqual([]);

  await row.getByRole('button', { name: `Pause ${JOB}` }).click();
  const pause = page.getByRole('dialog', { name: `Pause ${JOB}?` });
  await pause.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText(`${JOB} is paused.`)).toBeVisible();
  await expect(row.getByText('Paused', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Run now: ${JOB}` })).toBeDisabled();

  await row.getByRole('button', { name: `Resume ${JOB}` }).click();
  await expect(page.getByText(`${JOB} is running on its schedule again.`)).toBeVisible();
  await expect(row.getByText('Paused', { exact: true })).toBeHidden();

  await row.getByRole('button', { name: `Run now: ${JOB}` }).click();
  const run = page.getByRole('dialog', { name: `Run ${JOB} now?` });
  await run.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText(`${JOB} was sent to run`)).toBeVisible();

  // The run goes through the job workers: its row appears in the drawer, succeeded, with its output.
  await expect(async () => {
    await page.reload();
    await row.getByRole('button', { name: `Runs of ${JOB}` }).click({ timeout: FIRST_PAINT });
    // The pager under the runs grid: one run more than before.
    await expect(page.getByText(new RegExp(`of ${before + 1}$`))).toBeVisible({ timeout: 5_000 });
    const newest = page
      .getByRole('grid', { name: `Runs of ${JOB}` })
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell') })
      .first();
    await expect(newest).toContainText('Succeeded', { timeout: 5_000 });
    await expect(newest).toContainText('deleted');
  }).toPass({ timeout: 90_000 });
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Succeeded');
});
