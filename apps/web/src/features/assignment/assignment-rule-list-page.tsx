import { ASSIGNMENT_METHOD_LABELS } from '@boardwalk/shared/assignment-methods';
import { PIPELINE_LABELS } from '@boardwalk/shared/pipelines';
import { ASSIGNMENT_RULE_SUBJECT } from '@boardwalk/shared/ability';
import type { AssignmentRule } from '@boardwalk/shared/schemas/assignment';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Card, CardContent } from '@mui/material';
import { type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { useBoundedPage, type BoundedListOptions } from '../../components/data-table/bounded-list.ts';
import { activeColumn } from '../../components/data-table/cells.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useListUrlState } from '../../components/data-table/list-url-state.ts';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { deleteAction, editAction } from '../../components/data-table/row-actions.tsx';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { useDeleteAssignmentRuleMutation, useListAssignmentRulesQuery } from '../../entities/assignment/api.ts';
import { useAppAbility } from '../../lib/ability.tsx';
import { errorMessage } from '../../lib/problem.ts';
import { AssignmentRuleFormDialog } from './assignment-rule-form-dialog.tsx';

const NOUN = { singular: 'assignment rule', plural: 'assignment rules' };
const scopeOf = (r: AssignmentRule) =>
  r.stageId ? `Stage: ${r.stageName ?? '—'}` : `Pipeline: ${PIPELINE_LABELS[r.pipeline!]}`;
const BOUNDED: BoundedListOptions<AssignmentRule> = {
  searchText: (r) => `${r.name} ${scopeOf(r)}`,
  sortValue: (r, field) => (field === 'scope' ? scopeOf(r) : r[field as keyof AssignmentRule]),
};

type Actions = { onEdit: (r: AssignmentRule) => void; onDelete: (r: AssignmentRule) => void };

function columns({ onEdit, onDelete }: Actions): GridColDef<AssignmentRule>[] {
  return [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
    { field: 'scope', headerName: 'Applies to', flex: 1, minWidth: 180, valueGetter: (_v, row) => scopeOf(row) },
    {
      field: 'method',
      headerName: 'Method',
      width: 190,
      valueGetter: (_v, row) => ASSIGNMENT_METHOD_LABELS[row.method],
    },
    { field: 'users', headerName: 'Users', width: 90, sortable: false, valueGetter: (_v, row) => row.userIds.length },
    {
      field: 'capacity',
      headerName: 'Capacity',
      width: 110,
      valueFormatter: (v: unknown) => (typeof v === 'number' ? String(v) : 'No limit'),
    },
    {
      field: 'riskLevels',
      headerName: 'Risk levels',
      width: 150,
      sortable: false,
      valueGetter: (_v, row) => (row.riskLevels.length ? row.riskLevels.join(', ') : 'Any'),
    },
    activeColumn<AssignmentRule>(),
    {
      field: 'actions',
      type: 'actions',
      headerName: 'Actions',
      width: 100,
      hideable: false,
      getActions: ({ row }) => [editAction(row.name, () => onEdit(row)), deleteAction(row.name, () => onDelete(row))],
    },
  ];
}

/** /assignment-rule/list (admins): who receives merchants entering a pipeline or stage. */
export function AssignmentRuleListPage() {
  const query = useListAssignmentRulesQuery();
  const ability = useAppAbility();
  const [editing, setEditing] = useState<AssignmentRule | 'new'>();
  const [deleting, setDeleting] = useState<AssignmentRule>();
  const [remove, removeState] = useDeleteAssignmentRuleMutation();
  const gridColumns = useMemo(() => columns({ onEdit: setEditing, onDelete: setDeleting }), []);
  const list = useListUrlState({ sortable: ['name', 'scope', 'method', 'capacity', 'isActive'] });
  const shown = useBoundedPage(query.data, list.state, BOUNDED);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      notifySuccess(`Rule “${deleting.name}” removed.`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
    setDeleting(undefined);
  };

  return (
    <Box>
      <PageHeader
        title="Assignment Rules"
        subtitle="Who receives a merchant entering a pipeline or a stage, unless someone assigned it by hand"
        actions={
          ability.can('create', ASSIGNMENT_RULE_SUBJECT) && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Add assignment rule
            </Button>
          )
        }
      />
      <Card>
        <CardContent>
          <DataTable<AssignmentRule>
            gridId="assignment-rules"
            noun={NOUN}
            columns={gridColumns}
            rows={shown.rows}
            total={shown.total}
            loading={query.isFetching}
            error={query.error}
            onRetry={() => void query.refetch()}
            list={list}
          />
        </CardContent>
      </Card>
      {editing && (
        <AssignmentRuleFormDialog
          record={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title="Remove this rule?"
        message={deleting ? `“${deleting.name}” stops assigning merchants. Assignments it made stay.` : ''}
        confirmLabel="Remove"
        busy={removeState.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(undefined)}
      />
    </Box>
  );
}
