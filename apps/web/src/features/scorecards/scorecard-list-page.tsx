import { PIPELINE_LABELS, PIPELINES, type Pipeline } from '@boardwalk/shared/pipelines';
import { SCORECARD_DEFAULTS, type Scorecard } from '@boardwalk/shared/schemas/scorecard';
import AddIcon from '@mui/icons-material/Add';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import { Button, Chip, MenuItem, Stack, TextField } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { useBoundedPage } from '../../components/data-table/bounded-list.ts';
import { dateTimeColumn } from '../../components/data-table/cells.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useListLocalState } from '../../components/data-table/list-local-state.ts';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { useActivateScorecardMutation, useListScorecardsQuery } from '../../entities/scorecards/api.ts';
import { useAppAbility } from '../../lib/ability.tsx';
import { errorMessage } from '../../lib/problem.ts';
import { BacktestDialog } from './backtest-dialog.tsx';
import { ScorecardFormDialog } from './scorecard-form-dialog.tsx';

const STATUS_COLORS = { draft: 'default', active: 'success', retired: 'default' } as const;

/** Which recommendations the version decides by itself (docs/decisions/116): read-only here, edited on a draft. */
function automaticLabel(s: Scorecard): string {
  const on = [
    s.thresholds.autoApprove?.enabled ? 'Approve' : null,
    s.thresholds.autoDecline?.enabled ? 'Decline' : null,
  ].filter((x) => x !== null);
  return on.length ? on.join(', ') : 'Off';
}

type Handlers = {
  canEdit: boolean;
  onEdit: (s: Scorecard) => void;
  onActivate: (s: Scorecard) => void;
  onBacktest: (s: Scorecard) => void;
};

function columns({ canEdit, onEdit, onActivate, onBacktest }: Handlers): GridColDef<Scorecard>[] {
  return [
    { field: 'version', headerName: 'Version', width: 100 },
    {
      field: 'status',
      headerName: 'Status',
      width: 120,
      renderCell: ({ row }) => <Chip size="small" label={row.status} color={STATUS_COLORS[row.status]} />,
    },
    { field: 'rules', headerName: 'Rules', width: 90, valueGetter: (_v, row) => row.rules.length },
    {
      field: 'automatic',
      headerName: 'Decides by itself',
      width: 170,
      sortable: false,
      valueGetter: (_v, row) => automaticLabel(row),
    },
    { field: 'note', headerName: 'Note', flex: 1, minWidth: 160 },
    { field: 'createdBy', headerName: 'Created by', width: 160, valueGetter: (_v, row) => row.createdBy?.name ?? '' },
    dateTimeColumn<Scorecard>('activatedAt', 'Activated'),
    {
      field: 'activatedBy',
      headerName: 'Activated by',
      width: 160,
      valueGetter: (_v, row) => row.activatedBy?.name ?? '',
    },
    {
      field: 'actions',
      type: 'actions',
      headerName: 'Actions',
      width: 140,
      getActions: ({ row }) => {
        const draft = row.status === 'draft' && canEdit;
        return [
          <GridActionsCellItem
            key="backtest"
            label={`Backtest version ${row.version}`}
            icon={<QueryStatsOutlined fontSize="small" />}
            onClick={() => onBacktest(row)}
          />,
          ...(draft
            ? [
                <GridActionsCellItem
                  key="edit"
                  label={`Edit version ${row.version}`}
                  icon={<EditOutlined fontSize="small" />}
                  onClick={() => onEdit(row)}
                />,
                <GridActionsCellItem
                  key="activate"
                  label={`Activate version ${row.version}`}
                  icon={<CheckCircleOutline fontSize="small" />}
                  onClick={() => onActivate(row)}
                />,
              ]
            : []),
        ];
      },
    },
  ];
}

/**
 * /scorecard/list: the underwriting scorecard's versions per pipeline (docs/decisions/103).
 * Admins create and edit drafts, backtest them and activate one (the previous active version is
 * retired and stays listed); underwriters read the versions and run backtests.
 */
export function ScorecardListPage() {
  const ability = useAppAbility();
  const canEdit = ability.can('update', 'scorecard');
  const [pipeline, setPipeline] = useState<Pipeline>('underwriting');
  const query = useListScorecardsQuery(pipeline);
  const [activate, activateState] = useActivateScorecardMutation();
  const [editing, setEditing] = useState<{ record: Scorecard | undefined } | null>(null);
  const [confirming, setConfirming] = useState<Scorecard | null>(null);
  const [backtesting, setBacktesting] = useState<Scorecard | null>(null);
  const list = useListLocalState({ defaultPageSize: 25 });
  const shown = useBoundedPage(query.data?.scorecards, list.state);
  const versions = query.data?.scorecards ?? [];
  const newest = versions[0];
  const cols = useMemo(
    () =>
      columns({
        canEdit,
        onEdit: (record) => setEditing({ record }),
        onActivate: setConfirming,
        onBacktest: setBacktesting,
      }),
    [canEdit],
  );
  const confirmActivate = async (s: Scorecard) => {
    try {
      await activate(s.id).unwrap();
      notifySuccess(`Version ${s.version} is active`);
      setConfirming(null);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  const active = versions.find((v) => v.status === 'active');
  return (
    <Stack spacing={2}>
      <PageHeader
        title="Scorecards"
        subtitle="Versioned underwriting rules: a recommendation beside the underwriter's decision; a decision only where an admin turns it on."
        actions={
          canEdit ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ record: undefined })}>
              New draft
            </Button>
          ) : undefined
        }
      />
      <TextField
        select
        label="Pipeline"
        value={pipeline}
        onChange={(e) => setPipeline(e.target.value as Pipeline)}
        sx={{ maxWidth: 260 }}
      >
        {PIPELINES.map((p) => (
          <MenuItem key={p} value={p}>
            {PIPELINE_LABELS[p]}
          </MenuItem>
        ))}
      </TextField>
      <DataTable<Scorecard>
        gridId="scorecards"
        noun={{ singular: 'scorecard version', plural: 'scorecard versions' }}
        columns={cols}
        rows={shown.rows}
        total={shown.total}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        list={list}
        searchable={false}
      />
      {editing && (
        <ScorecardFormDialog
          record={editing.record}
          // A new draft starts from the newest version of the pipeline, so a change is a small edit.
          start={
            newest
              ? { pipeline, note: '', rules: newest.rules, thresholds: newest.thresholds }
              : { ...SCORECARD_DEFAULTS, pipeline }
          }
          onClose={() => setEditing(null)}
        />
      )}
      {backtesting && <BacktestDialog scorecard={backtesting} onClose={() => setBacktesting(null)} />}
      <ConfirmDialog
        open={confirming !== null}
        title={`Activate version ${confirming?.version ?? ''}?`}
        message={
          active
            ? `It replaces version ${active.version} for the ${PIPELINE_LABELS[pipeline]} pipeline; version ${active.version} is retired and stays readable. An active version cannot be edited.`
            : `It becomes the ${PIPELINE_LABELS[pipeline]} pipeline's scorecard. An active version cannot be edited.`
        }
        confirmLabel="Activate"
        busy={activateState.isLoading}
        onConfirm={() => confirming && void confirmActivate(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
