import type { CSSProperties, FocusEvent, KeyboardEvent } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, Chip, IconButton, ListItem, Stack, Tooltip, Typography } from '@mui/material';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Star from '@mui/icons-material/Star';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import BoltIcon from '@mui/icons-material/Bolt';
import StarBorder from '@mui/icons-material/StarBorder';
import type { Stage } from '@boardwalk/shared/schemas/stage';
import { ROW_CONTROL, rowControls, type RowControl } from './row-focus.ts';

export type StageRowProps = {
  stage: Stage;
  index: number;
  count: number;
  /** Lifted by the keyboard (Space on the handle) and being moved with the arrow keys. */
  lifted: boolean;
  onHandleKeyDown: (event: KeyboardEvent) => void;
  /** The handle lost the focus: a lifted stage goes back. */
  onHandleBlur: () => void;
  canUpdate: boolean;
  canDelete: boolean;
  /** Only an active sales stage can be the default entry stage. */
  canBeDefault: boolean;
  onMove: (from: number, to: number) => void;
  onEdit: (stage: Stage) => void;
  onDelete: (stage: Stage) => void;
  onMakeDefault: (stage: Stage) => void;
  /** Opens the stage's actions editor (run when a merchant enters the stage). */
  onActions: (stage: Stage) => void;
  /** The control that was last focused in this row: the row's one Tab stop (the first control without one). */
  tabStop: RowControl | undefined;
  /** A control of this row got the focus (by Tab, an arrow key or a click). */
  onControlFocus: (stage: Stage, control: RowControl) => void;
};

/** One stage: drag handle, colour, name, flags, and buttons to move, edit, make default and delete. */
export function StageRow({
  stage,
  index,
  count,
  lifted,
  onHandleKeyDown,
  onHandleBlur,
  canUpdate,
  canDelete,
  canBeDefault,
  onMove,
  onEdit,
  onDelete,
  onMakeDefault,
  onActions,
  tabStop,
  onControlFocus,
}: StageRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: stage.id,
    disabled: !canUpdate,
  });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    zIndex: isDragging ? 1 : undefined,
  };
  // One Tab stop per row: its controls in order, those that can take the focus.
  const controls = rowControls({
    handle: canUpdate,
    up: canUpdate && index > 0,
    down: canUpdate && index < count - 1,
    default: canUpdate && canBeDefault && !stage.isDefault,
    actions: canUpdate,
    edit: canUpdate,
    delete: canDelete && !stage.isDefault,
  });
  const stop = tabStop && controls.includes(tabStop) ? tabStop : controls[0];
  const control = (name: RowControl) => ({ [ROW_CONTROL]: name, tabIndex: name === stop ? 0 : -1 });

  return (
    <ListItem
      ref={setNodeRef}
      style={style}
      divider
      sx={{ gap: 1.5, bgcolor: isDragging || lifted ? 'action.selected' : 'background.paper', pr: 1 }}
      aria-label={stage.name}
      data-stage-row=""
      onFocus={(event: FocusEvent<HTMLElement>) => {
        const name = event.target.getAttribute(ROW_CONTROL) as RowControl | null;
        if (name) onControlFocus(stage, name);
      }}
    >
      {canUpdate && (
        <IconButton
          ref={setActivatorNodeRef}
          size="small"
          aria-label={`Drag to reorder ${stage.name}`}
          sx={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
          {...control('handle')}
          aria-pressed={lifted || isDragging}
          onKeyDown={onHandleKeyDown}
          onBlur={(event: FocusEvent<HTMLButtonElement>) => {
            // A lifted row that moves in the list can blur its handle for a moment; only a focus
            // that has really gone elsewhere puts the stage back.
            const handle = event.currentTarget;
            requestAnimationFrame(() => {
              if (document.activeElement !== handle) onHandleBlur();
            });
          }}
        >
          <DragIndicator fontSize="small" />
        </IconButton>
      )}
      <Box
        aria-hidden
        sx={{
          width: 14,
          height: 14,
          borderRadius: '50%',
          bgcolor: stage.color,
          flexShrink: 0,
          border: 1,
          borderColor: 'divider',
        }}
      />
      <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500 }} noWrap>
          {stage.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {stage.slaHours ? `SLA ${stage.slaHours} h` : 'No SLA'}
        </Typography>
      </Stack>
      {stage.isDefault && <Chip size="small" color="primary" icon={<Star />} label="Default entry stage" />}
      {!stage.isActive && <Chip size="small" variant="outlined" label="Inactive" />}
      {canUpdate && (
        <>
          <Tooltip title="Move up">
            <span>
              <IconButton
                size="small"
                aria-label={`Move ${stage.name} up`}
                {...control('up')}
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
              >
                <ArrowUpward fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Move down">
            <span>
              <IconButton
                size="small"
                aria-label={`Move ${stage.name} down`}
                {...control('down')}
                disabled={index === count - 1}
                onClick={() => onMove(index, index + 1)}
              >
                <ArrowDownward fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </>
      )}
      {canUpdate && canBeDefault && !stage.isDefault && (
        <Tooltip title="Make default entry stage">
          <IconButton
            size="small"
            aria-label={`Make ${stage.name} the default entry stage`}
            {...control('default')}
            onClick={() => onMakeDefault(stage)}
          >
            <StarBorder fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canUpdate && (
        <Tooltip title="Actions run when a merchant enters this stage">
          <IconButton
            size="small"
            aria-label={`Actions of ${stage.name}`}
            {...control('actions')}
            onClick={() => onActions(stage)}
          >
            <BoltIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canUpdate && (
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${stage.name}`} {...control('edit')} onClick={() => onEdit(stage)}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canDelete && !stage.isDefault && (
        <Tooltip title="Delete">
          <IconButton
            size="small"
            aria-label={`Delete ${stage.name}`}
            {...control('delete')}
            onClick={() => onDelete(stage)}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </ListItem>
  );
}
