import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { GridActionsCellItem } from '@mui/x-data-grid';

/** The row's Edit action item, labelled with what it edits, as every list shows it. */
export function editAction(label: string, onClick: () => void) {
  return (
    <GridActionsCellItem
      key="edit"
      icon={<EditOutlinedIcon fontSize="small" />}
      label={`Edit ${label}`}
      onClick={onClick}
    />
  );
}

/** The row's Delete action item; the caller asks for confirmation before deleting. */
export function deleteAction(label: string, onClick: () => void) {
  return (
    <GridActionsCellItem
      key="delete"
      icon={<DeleteOutlineIcon fontSize="small" />}
      label={`Delete ${label}`}
      onClick={onClick}
    />
  );
}
