import { useCallback, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import { GridActionsCellItem, type GridApi, type GridColDef } from '@mui/x-data-grid';
import type { Merchant } from '@boardwalk/shared/schemas/merchant';
import { useConfirmDelete } from '../../../components/confirm/use-confirm-delete.ts';
import { useFocusAfterDelete } from '../../../components/data-table/use-focus-after-delete.ts';
import { notifyError, notifySuccess } from '../../../components/form/notify.ts';
import { useAppAbility } from '../../../lib/ability.tsx';
import { errorMessage } from '../../../lib/problem.ts';
import { merchantPath } from './merchant-columns.tsx';
import { useDeleteMerchantMutation, useRestoreMerchantMutation } from '../../../entities/merchants/list-api.ts';

const rowId = (row: Merchant) => row.id;

/**
 * The row actions (open, delete, restore) as action items: the grid gives the row one Tab stop
 * and moves between its actions with the arrow keys. A deleted row (the "Deleted" filter) offers
 * Restore; after a delete or restore the focus goes to the row that took its place.
 */
export function useMerchantRowActions(apiRef: RefObject<GridApi | null>, rows: readonly Merchant[] | undefined) {
  const ability = useAppAbility();
  const navigate = useNavigate();
  const [remove] = useDeleteMerchantMutation();
  const [restore] = useRestoreMerchantMutation();
  const focusAfterRemoval = useFocusAfterDelete(apiRef, rows, rowId);
  const deletion = useConfirmDelete<Merchant>({
    remove: (row) => ({
      unwrap: () =>
        remove(row.id)
          .unwrap()
          .then(() => focusAfterRemoval(row.id)),
    }),
    describe: (row) => `Merchant ${row.dbaName}`,
  });
  const canDelete = ability.can('delete', 'merchant');
  const canUpdate = ability.can('update', 'merchant');

  const restoreRow = useCallback(
    async (row: Merchant) => {
      try {
        await restore(row.id).unwrap();
        focusAfterRemoval(row.id);
        notifySuccess(`Merchant ${row.dbaName} restored`);
      } catch (error) {
        notifyError(errorMessage(error, `Merchant ${row.dbaName} could not be restored.`));
      }
    },
    [restore, focusAfterRemoval],
  );

  const column: GridColDef<Merchant> = {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    width: 100,
    hideable: false,
    getActions: ({ row }) => {
      const actions = [
        <GridActionsCellItem
          key="open"
          icon={<OpenInNewOutlined fontSize="small" />}
          label={`Open ${row.dbaName}`}
          onClick={() => void navigate(merchantPath(row.id))}
        />,
      ];
      if (row.deletedAt && canUpdate)
        actions.push(
          <GridActionsCellItem
            key="restore"
            icon={<RestoreFromTrashOutlined fontSize="small" />}
            label={`Restore ${row.dbaName}`}
            onClick={() => void restoreRow(row)}
          />,
        );
      if (!row.deletedAt && canDelete)
        actions.push(
          <GridActionsCellItem
            key="delete"
            icon={<DeleteOutlineIcon fontSize="small" />}
            label={`Delete ${row.dbaName}`}
            onClick={() => deletion.ask(row)}
          />,
        );
      return actions;
    },
  };
  return { column, deletion };
}
