import { Box, Card, CardContent, Stack } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState, type ReactNode } from 'react';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DateRangeFields } from '../../components/data-table/date-range-fields.tsx';
import type { ListFilter } from '../../components/data-table/list-filters.tsx';
import type { ListUrlState } from '../../components/data-table/list-url-state.ts';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { MerchantSearchField, type MerchantChoice } from '../search/merchant-search-field.tsx';

/** What both execution histories list: a run, for a merchant (null once deleted). */
export type ExecutionRow = { id: string; merchant: { id: string; dbaName: string } | null };

/** What the frame reads of the view's RTK Query list result (its rows are passed beside it). */
type ExecutionQuery = {
  currentData?: { total: number } | undefined;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
};

/**
 * The page of the workflow's execution history (decision 078): /history/automations and
 * /history/stage-actions are two views of the one execution table, and this is their one page:
 * the merchant and day filters (in the URL), the paged table, and the view's detail drawer.
 */
export function ExecutionHistoryFrame<R extends ExecutionRow>(props: {
  title: string;
  subtitle: string;
  gridId: string;
  columns: readonly GridColDef<R>[];
  query: ExecutionQuery;
  rows: readonly R[] | undefined;
  list: ListUrlState;
  filters: readonly ListFilter[];
  drawer: ReactNode;
}) {
  const { list, query, rows } = props;
  const [merchant, setMerchant] = useState<MerchantChoice | null>(null);
  const merchantId = list.state.filters.merchantId;
  const merchantValue =
    merchant && merchant.id === merchantId
      ? merchant
      : merchantId
        ? {
            id: merchantId,
            dbaName: rows?.find((r) => r.merchant?.id === merchantId)?.merchant?.dbaName ?? 'Chosen merchant',
          }
        : null;

  return (
    <Box>
      <PageHeader title={props.title} subtitle={props.subtitle} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <MerchantSearchField
                value={merchantValue}
                onChange={(chosen) => {
                  setMerchant(chosen);
                  list.setFilter('merchantId', chosen?.id ?? '');
                }}
              />
              <DateRangeFields from={list.state.filters.from} to={list.state.filters.to} onChange={list.setFilter} />
            </Stack>
            <DataTable<R>
              gridId={props.gridId}
              noun={{ singular: 'execution', plural: 'executions' }}
              columns={props.columns}
              rows={rows}
              total={query.currentData?.total}
              loading={query.isFetching}
              error={query.error}
              onRetry={() => void query.refetch()}
              list={list}
              filters={props.filters}
            />
          </Stack>
        </CardContent>
      </Card>
      {props.drawer}
    </Box>
  );
}
