import { apiUsageListQuerySchema, STATUS_CLASSES, type ApiRequest } from '@boardwalk/shared/schemas/api-token';
import { dayRangeApiParams } from '../../components/data-table/day-range-params.ts';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { dateTimeColumn } from '../../components/data-table/cells.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { ListFilter } from '../../components/data-table/list-filters.tsx';
import { useListUrlState } from '../../components/data-table/list-url-state.ts';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { useApiUsageSeriesQuery, useListApiUsageQuery } from '../../entities/api-usage/api.ts';
import { UsageChart } from './usage-chart.tsx';
import { UsageFilters } from './usage-filters.tsx';

export const USAGE_FILTER_KEYS = ['tokenId', 'userId', 'route', 'statusClass', 'from', 'to'] as const;

const statusFilter: ListFilter[] = [
  { key: 'statusClass', label: 'Status', options: STATUS_CLASSES.map((c) => ({ value: c, label: c })) },
];

const STATUS_COLOURS = { 2: 'success', 3: 'info', 4: 'warning', 5: 'error' } as const;

const columns: GridColDef<ApiRequest>[] = [
  dateTimeColumn<ApiRequest>('at', 'When'),
  {
    field: 'caller',
    headerName: 'Token or user',
    flex: 1,
    minWidth: 200,
    sortable: false,
    valueGetter: (_v, row) =>
      row.tokenId ? `${row.tokenName ?? 'Token'} (${row.tokenPrefix ?? ''}…)` : (row.userLabel ?? '—'),
  },
  { field: 'method', headerName: 'Method', width: 90, sortable: false },
  { field: 'route', headerName: 'Route', flex: 1, minWidth: 220, sortable: false },
  {
    field: 'status',
    headerName: 'Status',
    width: 90,
    sortable: false,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        variant="filled"
        label={row.status}
        color={STATUS_COLOURS[Math.floor(row.status / 100) as keyof typeof STATUS_COLOURS] ?? 'default'}
      />
    ),
  },
  { field: 'durationMs', headerName: 'Duration (ms)', width: 120, type: 'number', sortable: false },
  {
    field: 'ip',
    headerName: 'IP address',
    width: 140,
    sortable: false,
    valueFormatter: (v: string | null) => v ?? '—',
  },
  {
    field: 'userAgent',
    headerName: 'User agent',
    width: 200,
    sortable: false,
    valueFormatter: (v: string | null) => v ?? '—',
  },
];

/**
 * /history/api: every API request, by token or session, with filters in the URL,
 * and a chart of requests and errors over time per token for the same filters.
 */
export function ApiUsagePage() {
  const list = useListUrlState({
    sortable: ['at'],
    defaultSort: 'at',
    defaultOrder: 'desc',
    filterKeys: USAGE_FILTER_KEYS,
    querySchema: apiUsageListQuerySchema,
  });
  const params = useMemo(() => dayRangeApiParams(list.queryParams), [list.queryParams]);
  const seriesParams = useMemo(() => {
    const { page: _page, pageSize: _size, sort: _sort, order: _order, ...filters } = params;
    const from = filters.from ? new Date(String(filters.from)).getTime() : Date.now() - 86_400_000;
    const to = filters.to ? new Date(String(filters.to)).getTime() : Date.now();
    return { ...filters, bucket: to - from > 3 * 86_400_000 ? 'day' : 'hour' };
  }, [params]);
  const query = useListApiUsageQuery(params);
  const series = useApiUsageSeriesQuery(seriesParams);

  return (
    <Box>
      <PageHeader title="API Usage" subtitle="Every API request, by token or signed-in user" />
      <Stack spacing={3}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Requests and errors over time
            </Typography>
            <UsageChart series={series.data?.series ?? []} />
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Stack spacing={2}>
              <UsageFilters values={list.state.filters} onChange={list.setFilter} />
              <DataTable<ApiRequest>
                gridId="api-usage"
                noun={{ singular: 'request', plural: 'requests' }}
                columns={columns}
                rows={query.data?.apiRequests}
                total={query.currentData?.total}
                loading={query.isFetching}
                error={query.error}
                onRetry={() => void query.refetch()}
                list={list}
                filters={statusFilter}
              />
            </Stack>
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
