import {
  lazy,
  Suspense,
  useCallback,
  useMemo,
  useState,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, CardContent } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useGridApiRef, type GridActionsCellItemProps, type GridColDef } from '@mui/x-data-grid';
import { useAppAbility } from '../../lib/ability.tsx';
import { ConfirmDialog } from '../confirm/confirm-dialog.tsx';
import { useConfirmDelete } from '../confirm/use-confirm-delete.ts';
import { DataTable, type EntityNoun } from './data-table.tsx';
import type { ListFilter } from './list-filters.tsx';
import {
  useListUrlState,
  type ListQueryParams,
  type ListQuerySchema,
  type ListQuerySchemaLoader,
  type SortOrder,
} from './list-url-state.ts';
import { PageHeader } from './page-header.tsx';
import { deleteAction, editAction } from './row-actions.tsx';
import type { ListResult, WithId } from './resource-endpoints.ts';
import { useFocusAfterDelete } from './use-focus-after-delete.ts';

/** The slice of an RTK Query list hook's result this page reads. */
export type ListQueryState<K extends string, R> = {
  /** The latest result, for any params: kept on screen while the next one loads. */
  data?: ListResult<K, R> | undefined;
  /** The result for the current params only; undefined while they load. */
  currentData?: ListResult<K, R> | undefined;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
};

/** How a form opens: as a dialog over the list, or on its own page. */
export type ResourceEditing<R> =
  | { kind: 'dialog'; renderForm: (props: { record: R | undefined; onClose: () => void }) => ReactNode }
  | { kind: 'page'; addPath: string; editPath: (row: R) => string };

export type ResourceListPageProps<K extends string, R extends WithId> = {
  title: string;
  noun: EntityNoun;
  /** CASL subject of the records: create, update and delete show only when allowed. */
  subject: string;
  gridId: string;
  listKey: K;
  columns: readonly GridColDef<R>[];
  /** An RTK Query list hook: `skip` while the URL's filters wait for the query schema. */
  useList: (params: ListQueryParams, options: { skip: boolean }) => ListQueryState<K, R>;
  useDelete: () => readonly [(id: string) => { unwrap: () => Promise<unknown> }, ...unknown[]];
  /** The row's name in labels, confirmations and toasts. */
  describe: (row: R) => string;
  editing: ResourceEditing<R>;
  filters?: readonly ListFilter[];
  /**
   * The entity's list query schema from packages/shared: filter values it refuses are corrected
   * away. Better a function importing it: the list then loads it (and zod) only for a URL
   * filter value that is not one of the filter's options (decision 055).
   */
  querySchema?: ListQuerySchema | ListQuerySchemaLoader;
  defaultSort?: string;
  defaultOrder?: SortOrder;
  /** More actions in a row, before edit and delete: `GridActionsCellItem`s, so the row keeps one Tab stop. */
  rowActions?: (row: R) => ReactElement<GridActionsCellItemProps>[];
  /** Rows that may not be deleted even when the ability allows deleting (the user's own account). */
  canDeleteRow?: (row: R) => boolean;
  headerActions?: ReactNode;
};

export type FormDialogComponent<R> = ComponentType<{ record: R | undefined; onClose: () => void }>;

/** Editing in a dialog over the list; the dialog is mounted while open, so it starts fresh. */
export function dialogEditing<R>(Form: FormDialogComponent<R>): ResourceEditing<R> {
  return { kind: 'dialog', renderForm: (props) => <Form {...props} /> };
}

/**
 * Editing in a dialog whose code loads when it first opens: the form, its fields, its schema and
 * zod are not part of the list's first load (decision 058). Until the chunk arrives (a few KB on
 * the first open only) nothing is shown over the list.
 */
export function lazyDialogEditing<R>(load: () => Promise<FormDialogComponent<R>>): ResourceEditing<R> {
  const Form = lazy(async () => ({ default: await load() }));
  return {
    kind: 'dialog',
    renderForm: (props) => (
      <Suspense fallback={null}>
        <Form {...props} />
      </Suspense>
    ),
  };
}

type DialogState<R> = { record: R | undefined } | undefined;

/**
 * The pattern every admin list follows: heading with an add button, a server-side DataTable whose
 * state lives in the URL, edit and delete per row, a form in a dialog or on its own page, and a
 * confirmation before deleting. Lists refetch after each change through RTK Query tags.
 */
export function ResourceListPage<K extends string, R extends WithId>(props: ResourceListPageProps<K, R>) {
  const { title, noun, subject, gridId, listKey, columns, useList, useDelete, describe, editing, filters } = props;
  const { rowActions, canDeleteRow } = props;
  const ability = useAppAbility();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DialogState<R>>();
  const sortable = useMemo(
    () => columns.filter((c) => c.sortable !== false && c.type !== 'actions').map((c) => c.field),
    [columns],
  );
  const filterValues = useMemo(
    () => Object.fromEntries((filters ?? []).map((f) => [f.key, f.options.map((o) => o.value)])),
    [filters],
  );
  const list = useListUrlState({
    sortable,
    filterKeys: filters?.map((f) => f.key),
    filterValues,
    querySchema: props.querySchema,
    defaultSort: props.defaultSort,
    defaultOrder: props.defaultOrder,
  });
  const query = useList(list.queryParams, { skip: !list.ready });
  const [remove] = useDelete();
  const apiRef = useGridApiRef();
  const rows = query.data?.[listKey];
  const focusAfterDelete = useFocusAfterDelete(apiRef, rows, rowId);
  const deletion = useConfirmDelete<R>({
    remove: (row) => {
      const request = remove(row.id);
      return {
        unwrap: () =>
          request.unwrap().then((result) => {
            focusAfterDelete(row.id);
            return result;
          }),
      };
    },
    describe: (row) => `${capitalize(noun.singular)} ${describe(row)}`,
  });

  const canCreate = ability.can('create', subject);
  const canUpdate = ability.can('update', subject);
  const canDelete = ability.can('delete', subject);
  const openAdd = () => (editing.kind === 'dialog' ? setDialog({ record: undefined }) : navigate(editing.addPath));
  const openEdit = useCallback(
    (row: R) => (editing.kind === 'dialog' ? setDialog({ record: row }) : navigate(editing.editPath(row))),
    [editing, navigate],
  );
  const ask = deletion.ask;

  const allColumns = useMemo<GridColDef<R>[]>(
    () => [
      ...columns,
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 100,
        hideable: false,
        // Action items, not buttons in a cell: the grid gives the row one Tab stop and moves
        // between its actions with the arrow keys.
        getActions: ({ row }) => {
          const label = describe(row);
          const actions = [...(rowActions?.(row) ?? [])];
          if (canUpdate) actions.push(editAction(label, () => void openEdit(row)));
          if (canDelete && (canDeleteRow?.(row) ?? true)) actions.push(deleteAction(label, () => ask(row)));
          return actions;
        },
      },
    ],
    [columns, canUpdate, canDelete, describe, rowActions, canDeleteRow, openEdit, ask],
  );

  const addLabel = `Add ${noun.singular}`;
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            {props.headerActions}
            {canCreate && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={openAdd}>
                {addLabel}
              </Button>
            )}
          </>
        }
      />
      <Card>
        <CardContent>
          <DataTable
            gridId={gridId}
            noun={noun}
            columns={allColumns}
            apiRef={apiRef}
            rows={rows}
            total={query.currentData?.total}
            loading={query.isFetching || !list.ready}
            error={query.error}
            onRetry={() => void query.refetch()}
            list={list}
            filters={filters}
            onAdd={canCreate ? openAdd : undefined}
            addLabel={addLabel}
          />
        </CardContent>
      </Card>
      {editing.kind === 'dialog' &&
        dialog &&
        editing.renderForm({ record: dialog.record, onClose: () => setDialog(undefined) })}
      <ConfirmDialog
        open={deletion.target !== undefined}
        title={`Delete ${noun.singular}?`}
        message={
          deletion.target
            ? `${capitalize(noun.singular)} “${describe(deletion.target)}” will be removed from lists and pickers. Records that use it keep it.`
            : ''
        }
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onClose={deletion.cancel}
      />
    </>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const rowId = (row: WithId) => row.id;
