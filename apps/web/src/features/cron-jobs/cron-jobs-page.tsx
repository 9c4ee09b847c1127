import { JOB_CONTROL_SUBJECT, type CronJob } from '@boardwalk/shared/schemas/cron-job';
import { Box, Card, CardContent } from '@mui/material';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { useBoundedPage } from '../../components/data-table/bounded-list.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useListUrlState } from '../../components/data-table/list-url-state.ts';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { useAppAbility } from '../../lib/ability.tsx';
import { errorMessage } from '../../lib/problem.ts';
import {
  useListCronJobsQuery,
  usePauseCronJobMutation,
  useResumeCronJobMutation,
  useRunCronJobNowMutation,
} from '../../entities/cron-jobs/api.ts';
import { CRON_JOB_BOUNDED, CRON_JOB_NOUN, CRON_JOB_SORTABLE, cronJobColumns } from './cron-job-columns.tsx';
import { CronJobDrawer } from './cron-job-drawer.tsx';

type Pending = { job: CronJob; action: 'pause' | 'run' };

/**
 * /history/cron-jobs: the built-in scheduled jobs with their schedule, last
 * and next run; admins pause, resume, run now (asked first) and edit the schedule in the drawer,
 * which also lists each job's runs.
 */
export function HistoryCronJobsPage() {
  const query = useListCronJobsQuery();
  const ability = useAppAbility();
  const mayControl = ability.can('update', JOB_CONTROL_SUBJECT);
  const [shownName, setShownName] = useState<string>();
  const [pending, setPending] = useState<Pending>();
  const [pause, pauseState] = usePauseCronJobMutation();
  const [resume] = useResumeCronJobMutation();
  const [runNow, runState] = useRunCronJobNowMutation();
  const list = useListUrlState({ sortable: CRON_JOB_SORTABLE });
  const shown = useBoundedPage(query.data?.cronJobs, list.state, CRON_JOB_BOUNDED);
  const drawerJob = query.data?.cronJobs.find((j) => j.name === shownName);

  const act = async (label: string, call: () => Promise<unknown>) => {
    try {
      await call();
      notifySuccess(label);
    } catch (error) {
      notifyError(errorMessage(error, 'That did not work. Try again.'));
    }
  };
  const columns = useMemo(
    () =>
      cronJobColumns({
        mayControl,
        onRuns: (job) => setShownName(job.name),
        onPause: (job) => setPending({ job, action: 'pause' }),
        onResume: (job) => void act(`${job.name} is running on its schedule again.`, () => resume(job.name).unwrap()),
        onRunNow: (job) => setPending({ job, action: 'run' }),
      }),
    // `resume` is RTK Query's stable trigger; `act` reads nothing that changes between renders.
    [mayControl, resume],
  );
  const confirm = async () => {
    if (!pending) return;
    const { job, action } = pending;
    if (action === 'pause') await act(`${job.name} is paused.`, () => pause(job.name).unwrap());
    else await act(`${job.name} was sent to run; its run appears below in a moment.`, () => runNow(job.name).unwrap());
    setPending(undefined);
  };

  return (
    <Box>
      <PageHeader title="Cron Jobs" subtitle="Scheduled jobs: times are UTC" />
      <Card>
        <CardContent>
          <DataTable<CronJob>
            gridId="cron-jobs"
            noun={CRON_JOB_NOUN}
            columns={columns}
            rows={shown.rows}
            total={shown.total}
            loading={query.isFetching}
            error={query.error}
            onRetry={() => void query.refetch()}
            list={list}
            getRowId={(job) => job.name}
          />
        </CardContent>
      </Card>
      <CronJobDrawer
        job={drawerJob}
        onClose={() => {
          setShownName(undefined);
          // The drawer's runs may be newer than the row's last run (a run now that ended since
          // the list loaded): the row catches up with what the drawer showed.
          void query.refetch();
        }}
      />
      <ConfirmDialog
        open={Boolean(pending)}
        title={pending?.action === 'pause' ? `Pause ${pending.job.name}?` : `Run ${pending?.job.name ?? ''} now?`}
        message={
          pending?.action === 'pause'
            ? 'It will not run on its schedule until it is resumed.'
            : `${pending?.job.description ?? ''} It runs once now, besides its schedule.`
        }
        confirmLabel={pending?.action === 'pause' ? 'Pause' : 'Run now'}
        destructive={pending?.action === 'run'}
        busy={pauseState.isLoading || runState.isLoading}
        onConfirm={() => void confirm()}
        onClose={() => setPending(undefined)}
      />
    </Box>
  );
}
