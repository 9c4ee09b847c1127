import { useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, type Theme } from '@mui/material';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import {
  DataGrid,
  GridPreferencePanelsValue,
  type GridApi,
  useGridApiRef,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { errorMessage } from '../../lib/problem.ts';
import { useColumnVisibility } from './column-visibility.ts';
import { ListFilters, type ListFilter } from './list-filters.tsx';
import { PAGE_SIZE_OPTIONS, type ListUrlState } from './list-url-state.ts';
import { QuickSearch } from './quick-search.tsx';
import { EmptyOverlay } from './empty-overlay.tsx';

/** How a list names its records: "company" / "companies". */
export type EntityNoun = { singular: string; plural: string };

export type DataTableProps<R extends GridValidRowModel> = {
  /** Key of this grid in the user's remembered column visibility. */
  gridId: string;
  noun: EntityNoun;
  columns: readonly GridColDef<R>[];
  rows: readonly R[] | undefined;
  /** The number of matching records for the current params; undefined while they load. */
  total: number | undefined;
  /** The server estimated the total (a large filtered list): shown as "about N". */
  totalIsEstimate?: boolean;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  list: ListUrlState;
  filters?: readonly ListFilter[];
  onAdd?: (() => void) | undefined;
  addLabel?: string;
  getRowId?: (row: R) => string;
  /** The grid's API, for a parent that moves the focus in it; one of its own otherwise. */
  apiRef?: RefObject<GridApi | null>;
  /** False where the API has no search for the list (a cron job's runs): no search field. */
  searchable?: boolean;
  /** Checkbox selection of this page's rows (bulk actions): the selected ids and their setter. */
  selection?: { ids: readonly string[]; onChange: (ids: string[]) => void };
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A server-side list: paging, sorting, search and filters go to the server and live in the URL;
 * loading, empty and error states; the user's column choices are remembered per grid.
 */
export function DataTable<R extends GridValidRowModel>(props: DataTableProps<R>) {
  const {
    gridId,
    noun,
    columns,
    rows,
    total,
    totalIsEstimate = false,
    loading,
    error,
    onRetry,
    list,
    filters = [],
    onAdd,
    addLabel,
    getRowId,
    selection,
    searchable = true,
  } = props;
  const ownApiRef = useGridApiRef();
  const apiRef = props.apiRef ?? ownApiRef;
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(gridId);
  const { state } = list;
  const filtering = state.q !== '' || Object.values(state.filters).some(Boolean);

  const sortModel = useMemo<GridSortModel>(
    () => (state.sort ? [{ field: state.sort, sort: state.order }] : []),
    [state.sort, state.order],
  );
  const paginationModel = useMemo<GridPaginationModel>(
    () => ({ page: state.page, pageSize: state.pageSize }),
    [state.page, state.pageSize],
  );

  // Back from a one-page search to ?page=1 changes the page and the row count in one render, but
  // the grid applies the new page (in an effect) against the row count it already has, clamps the
  // page to fit and reports that as a page change, which would push a new URL and lose Forward.
  // So the grid gets the new count first (layout effects run before its effects), and while the
  // current params load the stand-in count (the last known one) always has room for the URL's
  // page: the grid clamps only against a total that belongs to the current params.
  // A page past the last is corrected in the URL before the grid sees the count, so its own
  // clamping (reported as a page change) finds the URL already there and pushes nothing.
  const { fitPage } = list;
  useLayoutEffect(() => {
    if (total !== undefined) fitPage(total);
  }, [fitPage, total]);
  const lastTotal = useRef(0);
  if (total !== undefined) lastTotal.current = total;
  const rowCount = total ?? Math.max(lastTotal.current, state.page * state.pageSize + 1);
  useLayoutEffect(() => {
    apiRef.current?.setRowCount(rowCount);
  }, [apiRef, rowCount]);

  useAutosizeColumns(apiRef, rows, columns, columnVisibility);

  const onPaginationModelChange = (model: GridPaginationModel) => {
    if (model.pageSize !== state.pageSize) list.setPageSize(model.pageSize);
    else if (model.page !== state.page) list.setPage(model.page);
  };
  const rowSelectionModel = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selection?.ids ?? []) }),
    [selection?.ids],
  );
  const onSortModelChange = (model: GridSortModel) => {
    const [first] = model;
    list.setSort(first?.field, first?.sort ?? 'asc');
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {searchable && <QuickSearch label={`Search ${noun.plural}`} value={state.q} onChange={list.setQuery} />}
        <ListFilters filters={filters} values={state.filters} onChange={list.setFilter} />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          startIcon={<ViewColumnIcon />}
          onClick={() => apiRef.current?.showPreferences(GridPreferencePanelsValue.columns)}
          disabled={rows === undefined}
        >
          Columns
        </Button>
      </Stack>
      {error !== undefined && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          {`${capitalize(noun.plural)} could not be loaded. ${errorMessage(error)}`}
        </Alert>
      )}
      {/* A refresh of rows on screen shows here, named, not as an overlay inside the grid (axe:
          a progress bar is not a child a grid may have). */}
      <Box sx={{ height: 4 }}>
        {loading && (rows?.length ?? 0) > 0 && <LinearProgress aria-label={`Refreshing the ${noun.plural}`} />}
      </Box>
      {(error === undefined || rows !== undefined) && (
        <DataGrid
          apiRef={apiRef}
          aria-label={capitalize(noun.plural)}
          autoHeight
          columns={columns}
          rows={rows ?? []}
          rowCount={rowCount}
          getRowId={getRowId}
          loading={loading && (rows?.length ?? 0) === 0}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          disableRowSelectionOnClick
          checkboxSelection={selection !== undefined}
          // Explicit ids only: "all" must never mean rows of other pages the server did not send.
          disableRowSelectionExcludeModel
          rowSelectionModel={selection ? rowSelectionModel : undefined}
          onRowSelectionModelChange={selection ? (model) => selection.onChange([...model.ids].map(String)) : undefined}
          pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
          paginationModel={paginationModel}
          onPaginationModelChange={onPaginationModelChange}
          sortModel={sortModel}
          onSortModelChange={onSortModelChange}
          columnVisibilityModel={columnVisibility}
          onColumnVisibilityModelChange={setColumnVisibility}
          localeText={totalIsEstimate ? ABOUT_TOTAL : undefined}
          slots={{ noRowsOverlay: EmptyOverlay }}
          slotProps={{
            noRowsOverlay: { noun, filtering, onAdd, addLabel },
            loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' },
          }}
          // At most a page of rows (100), all rendered: the actions column must exist to stay in view.
          disableVirtualization
          sx={{ minHeight: 240, ...PINNED_ACTIONS }}
        />
      )}
    </Stack>
  );
}

const thousands = new Intl.NumberFormat('en-US');

/** The pager of an estimated total: "1–25 of about 12,000". */
const ABOUT_TOTAL = {
  paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
    `${from}–${to} of about ${thousands.format(count)}`,
};

/**
 * The actions column stays at the right edge while a narrow grid scrolls sideways (the MIT grid
 * has no column pinning; its Pro pinning is the same sticky positioning).
 */
const PINNED_ACTIONS = {
  '& .MuiDataGrid-cell[data-field="actions"], & .MuiDataGrid-columnHeader[data-field="actions"]': {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    boxShadow: (theme: Theme) => `-1px 0 0 ${theme.palette.divider}`,
  },
} as const;

/**
 * Columns sized by their content (long names were cut while other columns had
 * room): once a page of rows is on screen, when the columns change and when the grid is
 * resized, each column takes the width of its widest cell or header within its bounds, and any
 * room left is shared out. The actions column keeps its width.
 */
function useAutosizeColumns<R extends GridValidRowModel>(
  apiRef: RefObject<GridApi | null>,
  rows: readonly R[] | undefined,
  columns: readonly GridColDef<R>[],
  visibility: unknown,
) {
  useEffect(() => {
    const api = apiRef.current;
    if (!api || !rows?.length) return;
    const fields = columns.filter((c) => c.type !== 'actions').map((c) => c.field);
    let frame = 0;
    const autosize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(
        () =>
          void api.autosizeColumns?.({ columns: fields, includeHeaders: true, includeOutliers: true, expand: true }),
      );
    };
    autosize();
    const unsubscribe = api.subscribeEvent?.('debouncedResize', autosize);
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe?.();
    };
  }, [apiRef, rows, columns, visibility]);
}
