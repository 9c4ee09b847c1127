import {
  auditListQuerySchema,
  AUDIT_OUTCOMES,
  AUDIT_OUTCOME_LABELS,
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEntry,
} from '@boardwalk/shared/schemas/audit';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, Card, CardContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { dateTimeColumn } from '../../components/data-table/cells.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { enumOptions, type ListFilter } from '../../components/data-table/list-filters.tsx';
import { useListUrlState } from '../../components/data-table/list-url-state.ts';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { AUDIT_EXPORT_PATH, useListAuditQuery } from '../../entities/audit/api.ts';
import { AuditEntryDialog } from './audit-entry-dialog.tsx';
import { AuditFilters } from './audit-filters.tsx';
import { dayRangeApiParams } from '../../components/data-table/day-range-params.ts';
import { AUDIT_FILTER_KEYS, auditExportUrl } from './audit-query.ts';
import { tokenLabel } from './audit-actor.ts';
import { subjectDetail, subjectTitle } from './audit-subject.ts';
import { OutcomeChip } from './outcome-chip.tsx';
import { formatDateTime } from '../../lib/format-date.ts';

const outcomeFilter: ListFilter[] = [
  { key: 'outcome', label: 'Outcome', options: enumOptions(AUDIT_OUTCOMES, AUDIT_OUTCOME_LABELS) },
];

const SORTABLE = ['at'] as const;

function columns(onShow: (entry: AuditEntry) => void): GridColDef<AuditEntry>[] {
  return [
    dateTimeColumn<AuditEntry>('at', 'When'),
    {
      field: 'actor',
      headerName: 'Actor',
      flex: 1,
      minWidth: 200,
      sortable: false,
      valueGetter: (_value, row) => row.actor.label,
      renderCell: ({ row }) => (
        <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.3 }}>
          <span>{row.actor.label}</span>
          {row.actor.email && row.actor.email !== row.actor.label && (
            <Typography variant="caption" color="text.secondary">
              {row.actor.email}
            </Typography>
          )}
          {row.actor.token && row.actor.type !== 'token' && (
            <Typography variant="caption" color="text.secondary">
              via API token {tokenLabel(row.actor.token)}
            </Typography>
          )}
        </Stack>
      ),
    },
    { field: 'action', headerName: 'Action', width: 190, sortable: false },
    {
      field: 'subject',
      headerName: 'Subject',
      flex: 1,
      minWidth: 200,
      sortable: false,
      valueGetter: (_value, row) => subjectTitle(row),
      renderCell: ({ row }) => (
        <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.3, minWidth: 0 }}>
          <span>{subjectTitle(row)}</span>
          {subjectDetail(row) && (
            <Typography variant="caption" color="text.secondary" noWrap>
              {subjectDetail(row)}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      field: 'outcome',
      headerName: 'Outcome',
      width: 120,
      sortable: false,
      renderCell: ({ row }) => <OutcomeChip outcome={row.outcome} />,
    },
    {
      field: 'ip',
      headerName: 'IP address',
      width: 150,
      sortable: false,
      valueFormatter: (v: string | null) => v ?? '—',
    },
    {
      field: 'details',
      type: 'actions',
      headerName: 'Details',
      width: 80,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) => {
        const label = `Show ${row.action} of ${formatDateTime(row.at)}`;
        return (
          <Tooltip title="Details">
            <IconButton size="small" aria-label={label} onClick={() => onShow(row)}>
              <VisibilityOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        );
      },
    },
  ];
}

/**
 * /history/audit: who did what, when, from where, and with what result (admins only). Filters
 * live in the URL; the export takes the same filters.
 */
export function AuditLogPage() {
  const list = useListUrlState({
    sortable: SORTABLE,
    defaultSort: 'at',
    defaultOrder: 'desc',
    filterKeys: AUDIT_FILTER_KEYS,
    querySchema: auditListQuerySchema,
  });
  const params = useMemo(() => dayRangeApiParams(list.queryParams), [list.queryParams]);
  const query = useListAuditQuery(params);
  const [shown, setShown] = useState<AuditEntry>();
  const gridColumns = useMemo(() => columns(setShown), []);

  return (
    <Box>
      <PageHeader
        title="Audit Log"
        subtitle="Sign-ins, administrative changes and refused requests"
        actions={
          <Tooltip
            describeChild
            title={`Downloads the rows matching the filters, at most ${new Intl.NumberFormat().format(AUDIT_EXPORT_MAX_ROWS)}`}
          >
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              href={auditExportUrl(AUDIT_EXPORT_PATH, list.queryParams)}
              download
            >
              Export CSV
            </Button>
          </Tooltip>
        }
      />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <AuditFilters values={list.state.filters} onChange={list.setFilter} />
            <DataTable<AuditEntry>
              gridId="audit-log"
              noun={{ singular: 'audit entry', plural: 'audit entries' }}
              columns={gridColumns}
              rows={query.data?.audit}
              total={query.currentData?.total}
              loading={query.isFetching}
              error={query.error}
              onRetry={() => void query.refetch()}
              list={list}
              filters={outcomeFilter}
            />
          </Stack>
        </CardContent>
      </Card>
      <AuditEntryDialog entry={shown} onClose={() => setShown(undefined)} />
    </Box>
  );
}
