import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, CardContent, Stack } from '@mui/material';
import { useGridApiRef, type GridColDef } from '@mui/x-data-grid';
import { MERCHANT_SORT_COLUMNS, UNDERWRITING_DECISIONS } from '@boardwalk/shared/merchant-enums';
import { RISK_LEVELS } from '@boardwalk/shared/risk-levels';
import type { Merchant, MerchantView } from '@boardwalk/shared/schemas/merchant';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { useListUrlState } from '../../../components/data-table/list-url-state.ts';
import { PageHeader } from '../../../components/data-table/page-header.tsx';
import { useAppAbility } from '../../../lib/ability.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { ExportButton } from './export-button.tsx';
import { merchantColumns } from './merchant-columns.tsx';
import { MerchantFilters } from './merchant-filters.tsx';
import { useListMerchantsQuery } from '../../../entities/merchants/list-api.ts';
import { MERCHANT_FILTER_KEYS, merchantExportUrl } from './merchant-query.ts';
import { useMerchantRowActions } from './merchant-row-actions.tsx';
import { VIEW_LABELS } from './merchant-views.ts';
import { LayoutToggle, ViewSwitcher } from './view-switcher.tsx';
import { useMerchantLookups } from './use-merchant-lookups.ts';

const NOUN = { singular: 'merchant', plural: 'merchants' };

/**
 * The schema (and zod) load only for a URL filter value that is not one of these (decision 055):
 * a cold visit, or the choices of the fixed filters, start without them (decision 058). Ids and
 * dates are checked by the schema.
 */
const loadQuerySchema = () => import('@boardwalk/shared/schemas/merchant').then((m) => m.merchantListQuerySchema);
const FILTER_VALUES = {
  decision: UNDERWRITING_DECISIONS,
  riskLevel: RISK_LEVELS,
  assignee: ['me', 'none'],
  overSla: ['true'],
  deleted: ['true'],
};
const NO_IDS: string[] = [];

/**
 * /merchant/{view}: one pipeline's merchants (or all), with the admin lists' conventions (state in
 * the URL, corrected when invalid; remembered columns; one Tab stop per row), filters, CSV export
 * of the current filter and bulk assign / stage change of the selected rows.
 */
export function MerchantListPage({ view }: { view: MerchantView }) {
  const ability = useAppAbility();
  const [searchParams] = useSearchParams();
  const list = useListUrlState({
    sortable: MERCHANT_SORT_COLUMNS,
    filterKeys: MERCHANT_FILTER_KEYS,
    querySchema: loadQuerySchema,
    filterValues: FILTER_VALUES,
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
  });
  // Nothing is asked while a URL filter waits for the schema to correct it.
  const query = useListMerchantsQuery({ view, params: list.queryParams }, { skip: !list.ready });
  const lookups = useMerchantLookups(view);
  const apiRef = useGridApiRef();
  const rows = query.data?.merchants;
  const { column: actionsColumn, deletion } = useMerchantRowActions(apiRef, rows);
  const columns = useMemo<GridColDef<Merchant>[]>(() => [...merchantColumns, actionsColumn], [actionsColumn]);

  // The selection belongs to the rows on screen: another page, filter or view starts afresh.
  const [selected, setSelected] = useState<string[]>(NO_IDS);
  const paramsKey = `${view}?${JSON.stringify(list.queryParams)}`;
  useEffect(() => setSelected(NO_IDS), [paramsKey]);
  const canBulk = ability.can('update', 'merchant') && list.state.filters.deleted !== 'true';
  const nameOf = (id: string) => rows?.find((row) => row.id === id)?.dbaName;

  return (
    <>
      <PageHeader
        title={VIEW_LABELS[view]}
        actions={
          <>
            <LayoutToggle view={view} layout="list" search={searchParams} />
            <ExportButton url={merchantExportUrl(view, list.queryParams)} fileName={`merchants-${view}.csv`} />
          </>
        }
      />
      <Stack spacing={2} sx={{ mb: 2 }}>
        <ViewSwitcher view={view} layout="list" search={searchParams} />
      </Stack>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <MerchantFilters values={list.state.filters} onChange={list.setFilter} lookups={lookups} />
            {canBulk && (
              <BulkActions
                ids={selected}
                nameOf={nameOf}
                assignableUsers={lookups.assignableUsers}
                targetStages={lookups.targetStages}
                onDone={() => setSelected(NO_IDS)}
              />
            )}
            <DataTable<Merchant>
              gridId="merchants"
              noun={NOUN}
              columns={columns}
              apiRef={apiRef}
              rows={rows}
              total={query.currentData?.total}
              totalIsEstimate={query.currentData?.totalIsEstimate === true}
              loading={query.isFetching || !list.ready}
              error={query.error}
              onRetry={() => void query.refetch()}
              list={list}
              selection={canBulk ? { ids: selected, onChange: setSelected } : undefined}
            />
          </Stack>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={deletion.target !== undefined}
        title="Delete merchant?"
        message={
          deletion.target
            ? `Merchant “${deletion.target.dbaName}” leaves the lists. It can be restored from the Deleted filter.`
            : ''
        }
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onClose={deletion.cancel}
      />
    </>
  );
}
