import {
  CRON_RUN_STATUS_LABELS,
  cronExpression,
  JOB_CONTROL_SUBJECT,
  type CronJob,
  type CronJobRun,
} from '@boardwalk/shared/schemas/cron-job';
import CloseIcon from '@mui/icons-material/Close';
import { Button, Chip, Drawer, IconButton, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useListLocalState } from '../../components/data-table/list-local-state.ts';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { useAppAbility } from '../../lib/ability.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage, problemFieldErrors } from '../../lib/problem.ts';
import { useListCronJobRunsQuery, useUpdateCronJobMutation } from '../../entities/cron-jobs/api.ts';

const RUN_COLOURS = { running: 'info', succeeded: 'success', failed: 'error' } as const;

const runColumns: GridColDef<CronJobRun>[] = [
  {
    field: 'startedAt',
    headerName: 'Started',
    width: 170,
    sortable: false,
    valueFormatter: (v: string) => formatDateTime(v),
  },
  { field: 'attempt', headerName: 'Attempt', width: 80, type: 'number', sortable: false },
  {
    field: 'status',
    headerName: 'Status',
    width: 110,
    sortable: false,
    renderCell: ({ row }) => (
      <Chip size="small" color={RUN_COLOURS[row.status]} label={CRON_RUN_STATUS_LABELS[row.status]} />
    ),
  },
  {
    field: 'durationMs',
    headerName: 'Duration (ms)',
    width: 120,
    type: 'number',
    sortable: false,
  },
  {
    field: 'result',
    headerName: 'Output or error',
    flex: 1,
    minWidth: 200,
    sortable: false,
    valueGetter: (_v, row) => row.error ?? (row.output ? JSON.stringify(row.output) : '—'),
  },
];

function ExpressionForm({ job }: { job: CronJob }) {
  const [value, setValue] = useState(job.cron);
  const [problem, setProblem] = useState<string>();
  const [update, state] = useUpdateCronJobMutation();
  const save = async () => {
    const parsed = cronExpression.safeParse(value);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await update({ name: job.name, cron: parsed.data, updatedAt: job.updatedAt }).unwrap();
      setProblem(undefined);
      notifySuccess('The schedule is saved; it applies within a minute.');
    } catch (error) {
      const fields = problemFieldErrors(error);
      setProblem(fields.cron?.[0] ?? errorMessage(error, 'The schedule could not be saved.'));
      if (!fields.cron) notifyError(errorMessage(error, 'The schedule could not be saved.'));
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        label="Cron expression (UTC)"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={Boolean(problem)}
        helperText={problem ?? 'minute hour day-of-month month day-of-week'}
        sx={{ flex: 1 }}
      />
      <Button variant="contained" onClick={() => void save()} disabled={state.isLoading || value.trim() === job.cron}>
        Save
      </Button>
    </Stack>
  );
}

export type CronJobDrawerProps = { job: CronJob | undefined; onClose: () => void };

/** One job: its schedule (editable by admins) and its runs, one row per attempt, paged. */
export function CronJobDrawer({ job, onClose }: CronJobDrawerProps) {
  // Kept out of the URL: the drawer's pages are not the cron jobs page's history.
  const list = useListLocalState({ defaultPageSize: 10 });
  const { page, pageSize } = list.state;
  const runs = useListCronJobRunsQuery({ name: job?.name ?? '', page, pageSize }, { skip: !job });
  const ability = useAppAbility();
  return (
    <Drawer
      anchor="right"
      open={Boolean(job)}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 720 } } } }}
    >
      {job && (
        <Stack spacing={2} sx={{ p: 3 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h6" component="h2">
              {job.name}
            </Typography>
            <IconButton aria-label="Close" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Typography color="text.secondary">{job.description}</Typography>
          {ability.can('update', JOB_CONTROL_SUBJECT) ? (
            <ExpressionForm key={job.updatedAt} job={job} />
          ) : (
            <Typography>Schedule: {job.cron} (UTC)</Typography>
          )}
          <Typography variant="subtitle1" component="h3">
            Runs
          </Typography>
          <DataTable<CronJobRun>
            gridId="cron-job-runs"
            // DataTable names the grid by the plural: "Runs of log-retention".
            noun={{ singular: `run of ${job.name}`, plural: `runs of ${job.name}` }}
            columns={runColumns}
            rows={runs.currentData?.cronJobRuns}
            total={runs.currentData?.total}
            loading={runs.isFetching}
            error={runs.error}
            onRetry={() => void runs.refetch()}
            list={list}
            searchable={false}
          />
        </Stack>
      )}
    </Drawer>
  );
}
