import { CRON_RUN_STATUS_LABELS, JOB_CONTROL_SUBJECT, type CronJob } from '@boardwalk/shared/schemas/cron-job';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { useAppAbility } from '../../lib/ability.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage } from '../../lib/problem.ts';
import {
  useListCronJobsQuery,
  usePauseCronJobMutation,
  useResumeCronJobMutation,
  useRunCronJobNowMutation,
} from '../../entities/cron-jobs/api.ts';
import { CronJobDrawer } from './cron-job-drawer.tsx';

type Pending = { job: CronJob; action: 'pause' | 'run' };

const RUN_COLOURS = { running: 'info', succeeded: 'success', failed: 'error' } as const;

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
  const jobs = query.data?.cronJobs ?? [];
  const shown = jobs.find((j) => j.name === shownName);

  const act = async (label: string, call: () => Promise<unknown>) => {
    try {
      await call();
      notifySuccess(label);
    } catch (error) {
      notifyError(errorMessage(error, 'That did not work. Try again.'));
    }
  };
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
          {query.error && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                  Retry
                </Button>
              }
            >
              {errorMessage(query.error, 'The cron jobs could not be loaded.')}
            </Alert>
          )}
          <Table aria-label="Cron jobs">
            <TableHead>
              <TableRow>
                <TableCell component="th">Job</TableCell>
                <TableCell component="th">Schedule (UTC)</TableCell>
                <TableCell component="th">Last run</TableCell>
                <TableCell component="th">Next run</TableCell>
                <TableCell component="th">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {jobs.map((job) => (
                <TableRow key={job.name} hover>
                  <TableCell>
                    <Box sx={{ fontWeight: 500 }}>{job.name}</Box>
                    <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{job.description}</Box>
                  </TableCell>
                  <TableCell>
                    {/* An expression broken over two lines reads as two schedules. */}
                    <Box component="code" sx={{ whiteSpace: 'nowrap' }}>
                      {job.cron}
                    </Box>
                    {job.paused && <Chip size="small" label="Paused" sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>
                    {job.lastRunAt ? formatDateTime(job.lastRunAt) : 'Never'}
                    {job.lastRunStatus && (
                      <Chip
                        size="small"
                        sx={{ ml: 1 }}
                        color={RUN_COLOURS[job.lastRunStatus]}
                        label={CRON_RUN_STATUS_LABELS[job.lastRunStatus]}
                      />
                    )}
                  </TableCell>
                  <TableCell>{job.nextRunAt ? formatDateTime(job.nextRunAt) : '—'}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ whiteSpace: 'nowrap' }}>
                      <Button size="small" onClick={() => setShownName(job.name)} aria-label={`Runs of ${job.name}`}>
                        Runs
                      </Button>
                      {mayControl && (
                        <>
                          {job.paused ? (
                            <Button
                              size="small"
                              onClick={() =>
                                void act(`${job.name} is running on its schedule again.`, () =>
                                  resume(job.name).unwrap(),
                                )
                              }
                              aria-label={`Resume ${job.name}`}
                            >
                              Resume
                            </Button>
                          ) : (
                            <Button
                              size="small"
                              onClick={() => setPending({ job, action: 'pause' })}
                              aria-label={`Pause ${job.name}`}
                            >
                              Pause
                            </Button>
                          )}
                          <Button
                            size="small"
                            disabled={job.paused}
                            onClick={() => setPending({ job, action: 'run' })}
                            aria-label={`Run now: ${job.name}`}
                          >
                            Run now
                          </Button>
                        </>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <CronJobDrawer
        job={shown}
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
