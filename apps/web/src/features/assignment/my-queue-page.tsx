import type { QueueItem } from '@boardwalk/shared/schemas/assignment';
import { Box, Card, CardContent, Chip, Stack } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { dateTimeColumn } from '../../components/data-table/cells.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useListUrlState } from '../../components/data-table/list-url-state.ts';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { useListMyQueueQuery } from '../../entities/assignment/api.ts';
import { AwayDatesCard } from './away-dates-card.tsx';

const NOUN = { singular: 'merchant in your queue', plural: 'merchants in your queue' };

/** The SLA state as the server computed it (the merchant list's over-SLA rule). */
function SlaChip({ row }: { row: QueueItem }) {
  if (row.slaHours === null) return <Chip size="small" label="No SLA" variant="outlined" />;
  return row.overSla ? (
    <Chip size="small" color="error" label={`Over SLA (${row.slaHours} h)`} />
  ) : (
    <Chip size="small" color="success" variant="outlined" label={`Within SLA (${row.slaHours} h)`} />
  );
}

const columns: GridColDef<QueueItem>[] = [
  {
    field: 'dbaName',
    headerName: 'Merchant',
    flex: 1,
    minWidth: 200,
    sortable: false,
    renderCell: ({ row }) => <RouterLink to={`/merchant/view/${row.id}`}>{row.dbaName}</RouterLink>,
  },
  { field: 'stage', headerName: 'Stage', width: 200, sortable: false, valueGetter: (_v, row) => row.stage.name },
  { ...dateTimeColumn<QueueItem>('stageEnteredAt', 'In stage since'), sortable: false },
  { field: 'sla', headerName: 'SLA', width: 190, sortable: false, renderCell: ({ row }) => <SlaChip row={row} /> },
  { ...dateTimeColumn<QueueItem>('slaDueAt', 'SLA ends'), sortable: false },
];

/** /my-queue: the merchants assigned to me, longest in their stage first; my away dates beside. */
export function MyQueuePage() {
  const list = useListUrlState({ sortable: [] });
  const query = useListMyQueueQuery({ page: list.state.page, pageSize: list.state.pageSize });
  return (
    <Box>
      <PageHeader title="My Queue" subtitle="Merchants assigned to you, the longest waiting first" />
      <Stack spacing={3}>
        <Card>
          <CardContent>
            <DataTable<QueueItem>
              gridId="my-queue"
              noun={NOUN}
              columns={columns}
              rows={query.data?.merchants}
              total={query.data?.total}
              loading={query.isFetching}
              error={query.error}
              onRetry={() => void query.refetch()}
              list={list}
              searchable={false}
            />
          </CardContent>
        </Card>
        <AwayDatesCard />
      </Stack>
    </Box>
  );
}
