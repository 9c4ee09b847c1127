import type { ReactNode } from 'react';
import { IconButton, Stack, Tooltip } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';

export type RowActionsProps = {
  /** Names the row for screen readers: "Edit Acme", "Delete Acme". */
  label: string;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  children?: ReactNode;
};

/** Edit and delete buttons of a list row, labelled with the row's name. */
export function RowActions({ label, onEdit, onDelete, children }: RowActionsProps) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      {children}
      {onEdit && (
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${label}`} onClick={onEdit}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete ${label}`} onClick={onDelete}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
