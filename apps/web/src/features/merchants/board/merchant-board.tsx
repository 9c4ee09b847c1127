import { useState } from 'react';
import { DndContext, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { Box, Stack, Typography } from '@mui/material';
import type { Merchant } from '@boardwalk/shared/schemas/merchant';
import { PIPELINE_LABELS, type Pipeline, type Stage } from '@boardwalk/shared/schemas/stage';
import type { ListQueryParams } from '../../../components/data-table/list-url-state.ts';
import type { CardDragData } from './board-card.tsx';
import { BoardColumn } from './board-column.tsx';
import { boardCollisions } from './board-collisions.ts';
import { useBoardKeyboard } from './use-board-keyboard.ts';

export type MerchantBoardProps = {
  pipeline: Pipeline;
  /** The pipeline's active stages, in order: one column each. */
  stages: Stage[];
  filters: ListQueryParams;
  canMove: boolean;
  onMove: (merchant: Merchant, to: Stage) => void;
};

// Pixel strings: in sx a bare 1 means 100%.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

// The keys are useBoardKeyboard's (dnd-kit has the pointer only); these words must follow them.
const screenReaderInstructions = {
  draggable:
    'To move this merchant to another stage, press Space, then the Left and Right arrow keys to choose the stage, and Space again to drop it there. Escape cancels.',
};

/** The Kanban board: a column per stage; drop a card on another column to change its stage. */
export function MerchantBoard({ pipeline, stages, filters, canMove, onMove }: MerchantBoardProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const [announcement, setAnnouncement] = useState('');
  const keyboard = useBoardKeyboard(stages, onMove, setAnnouncement);
  const stageOf = (id: unknown) => stages.find((s) => s.id === id);
  const nameOf = (data: unknown) => (data as CardDragData | undefined)?.merchant.dbaName ?? 'Merchant';
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.data.current)} in ${stageOf((active.data.current as CardDragData).stageId)?.name ?? 'its stage'}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.data.current)} is over ${stageOf(over.id)?.name ?? 'a stage'}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.data.current)} dropped on ${stageOf(over.id)?.name ?? 'a stage'}.`
        : `${nameOf(active.data.current)} dropped where it was.`,
    onDragCancel: ({ active }) => `Move cancelled; ${nameOf(active.data.current)} stays where it was.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const data = active.data.current as CardDragData | undefined;
    const to = stageOf(over?.id);
    if (!data || !to || to.id === data.stageId) return;
    onMove(data.merchant, to);
  };

  if (stages.length === 0) return <Typography color="text.secondary">This pipeline has no active stages.</Typography>;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollisions}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      {/* Scrolls sideways when the columns are wider than the screen: focusable, so the keyboard can scroll it too. */}
      <Stack
        direction="row"
        spacing={2}
        role="region"
        aria-label={`${PIPELINE_LABELS[pipeline]} stages`}
        tabIndex={0}
        sx={{ overflowX: 'auto', pb: 2, alignItems: 'flex-start' }}
      >
        {stages.map((stage) => (
          <BoardColumn
            key={stage.id}
            pipeline={pipeline}
            stage={stage}
            stages={stages}
            filters={filters}
            canMove={canMove}
            onMove={onMove}
            keyboard={keyboard}
          />
        ))}
      </Stack>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </DndContext>
  );
}
