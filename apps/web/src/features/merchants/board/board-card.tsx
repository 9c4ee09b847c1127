import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDraggable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { Box, Card, IconButton, Link, Menu, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import DragIndicator from '@mui/icons-material/DragIndicator';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import type { Merchant } from '@boardwalk/shared/schemas/merchant';
import type { Stage } from '@boardwalk/shared/schemas/stage';
import { merchantPath, StageAgeText } from '../list/merchant-columns.tsx';
import type { BoardKeyboard } from './use-board-keyboard.ts';

export type BoardCardProps = {
  merchant: Merchant;
  /** The board's columns, for the "Move to" menu (the card's own is left out). */
  stages: Stage[];
  canMove: boolean;
  onMove: (merchant: Merchant, to: Stage) => void;
  /** The handle's own keys (Space, Left/Right, Space, Escape). */
  keyboard: BoardKeyboard;
};

/** The data a dragged card carries, read when it is dropped. */
export type CardDragData = { merchant: Merchant; stageId: string };

/**
 * A merchant on the board: its name (opens the merchant), assignee, agent and time in stage. It
 * moves by its drag handle (pointer, or keyboard: Space, Left/Right, Space) or its "Move to" menu.
 */
export function BoardCard({ merchant, stages, canMove, onMove, keyboard }: BoardCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: merchant.id,
    data: { merchant, stageId: merchant.stageId } satisfies CardDragData,
    disabled: !canMove,
  });
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const handle = useRef<HTMLButtonElement | null>(null);
  const lifted = keyboard.drag.lifted?.item.id === merchant.id;
  const takesFocus = keyboard.takesFocus(merchant);
  const { focused } = keyboard;
  useEffect(() => {
    if (!takesFocus) return;
    handle.current?.focus();
    focused();
  }, [takesFocus, focused]);
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), zIndex: isDragging ? 2 : undefined };
  const others = stages.filter((stage) => stage.id !== merchant.stageId);
  const name = merchant.dbaName;

  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Card
        ref={setNodeRef}
        style={style}
        variant="outlined"
        component="article"
        aria-label={name}
        sx={{
          p: 1,
          bgcolor: isDragging || lifted ? 'action.selected' : 'background.paper',
          boxShadow: isDragging || lifted ? 4 : 0,
        }}
      >
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          {canMove && (
            <IconButton
              ref={(node: HTMLButtonElement | null) => {
                setActivatorNodeRef(node);
                handle.current = node;
              }}
              size="small"
              aria-label={`Drag ${name} to another stage`}
              sx={{ cursor: 'grab', touchAction: 'none', mt: -0.25 }}
              {...attributes}
              {...listeners}
              aria-pressed={lifted || isDragging}
              onKeyDown={keyboard.drag.onHandleKeyDown(merchant)}
              onBlur={keyboard.drag.cancel}
            >
              <DragIndicator fontSize="small" />
            </IconButton>
          )}
          <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={merchantPath(merchant.id)}
              sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
            >
              {name}
            </Link>
            <Typography variant="caption" color="text.secondary">
              {merchant.assignee?.name ?? 'Unassigned'}
              {merchant.agent ? ` · ${merchant.agent.name}` : ''}
            </Typography>
            <StageAgeText merchant={merchant} />
          </Stack>
          {canMove && others.length > 0 && (
            <>
              <Tooltip title="Move to…">
                <IconButton
                  size="small"
                  aria-label={`Move ${name} to…`}
                  aria-haspopup="menu"
                  aria-expanded={menu !== null}
                  onClick={(event) => setMenu(event.currentTarget)}
                >
                  <DriveFileMoveOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
              <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
                {others.map((stage) => (
                  <MenuItem
                    key={stage.id}
                    onClick={() => {
                      setMenu(null);
                      onMove(merchant, stage);
                    }}
                  >
                    {stage.name}
                  </MenuItem>
                ))}
              </Menu>
            </>
          )}
        </Stack>
      </Card>
    </Box>
  );
}
