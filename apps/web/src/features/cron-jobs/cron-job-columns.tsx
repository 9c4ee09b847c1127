import { CRON_RUN_STATUS_LABELS, type CronJob } from '@boardwalk/shared/schemas/cron-job';
import HistoryIcon from '@mui/icons-material/History';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Chip } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { BoundedListOptions } from '../../components/data-table/bounded-list.ts';
import { formatDateTime } from '../../lib/format-date.ts';

const RUN_COLOURS = { running: 'info', succeeded: 'success', failed: 'error' } as const;

export const CRON_JOB_NOUN = { singular: 'cron job', plural: 'cron jobs' };
export const CRON_JOB_SORTABLE = ['name', 'cron', 'lastRunAt', 'nextRunAt'];
/** The API answers every job at once: search, sort and pages are applied in the browser. */
export const CRON_JOB_BOUNDED: BoundedListOptions<CronJob> = {
  searchText: (j) => `${j.name} ${j.description} ${j.cron}`,
};

export type CronJobActions = {
  mayControl: boolean;
  onRuns: (job: CronJob) => void;
  onPause: (job: CronJob) => void;
  onResume: (job: CronJob) => void;
  onRunNow: (job: CronJob) => void;
};

export function cronJobColumns({
  mayControl,
  onRuns,
  onPause,
  onResume,
  onRunNow,
}: CronJobActions): GridColDef<CronJob>[] {
  return [
    {
      field: 'name',
      headerName: 'Job',
      width: 210,
      renderCell: ({ value }) => <Box sx={{ fontWeight: 500 }}>{String(value)}</Box>,
    },
    { field: 'description', headerName: 'Description', flex: 1, minWidth: 220, sortable: false },
    {
      field: 'cron',
      headerName: 'Schedule (UTC)',
      width: 190,
      renderCell: ({ row }) => (
        <>
          {/* An expression broken over two lines reads as two schedules. */}
          <Box component="code" sx={{ whiteSpace: 'nowrap' }}>
            {row.cron}
          </Box>
          {row.paused && <Chip size="small" label="Paused" sx={{ ml: 1 }} />}
        </>
      ),
    },
    {
      field: 'lastRunAt',
      headerName: 'Last run',
      width: 260,
      renderCell: ({ row }) => (
        <>
          {row.lastRunAt ? formatDateTime(row.lastRunAt) : 'Never'}
          {row.lastRunStatus && (
            <Chip
              size="small"
              sx={{ ml: 1 }}
              color={RUN_COLOURS[row.lastRunStatus]}
              label={CRON_RUN_STATUS_LABELS[row.lastRunStatus]}
            />
          )}
        </>
      ),
    },
    {
      field: 'nextRunAt',
      headerName: 'Next run',
      width: 180,
      valueFormatter: (value: unknown) => (typeof value === 'string' ? formatDateTime(value) : '—'),
    },
    {
      field: 'actions',
      type: 'actions',
      headerName: 'Actions',
      width: mayControl ? 130 : 70,
      hideable: false,
      // Action items, as every resource list has them: the row keeps one Tab stop.
      getActions: ({ row }) => [
        <GridActionsCellItem
          key="runs"
          icon={<HistoryIcon fontSize="small" />}
          label={`Runs of ${row.name}`}
          onClick={() => onRuns(row)}
        />,
        ...(mayControl
          ? [
              row.paused ? (
                <GridActionsCellItem
                  key="resume"
                  icon={<ReplayIcon fontSize="small" />}
                  label={`Resume ${row.name}`}
                  onClick={() => onResume(row)}
                />
              ) : (
                <GridActionsCellItem
                  key="pause"
                  icon={<PauseIcon fontSize="small" />}
                  label={`Pause ${row.name}`}
                  onClick={() => onPause(row)}
                />
              ),
              <GridActionsCellItem
                key="run"
                icon={<PlayArrowIcon fontSize="small" />}
                label={`Run now: ${row.name}`}
                disabled={row.paused}
                onClick={() => onRunNow(row)}
              />,
            ]
          : []),
      ],
    },
  ];
}
