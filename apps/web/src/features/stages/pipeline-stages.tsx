import { useState } from 'react';
import {
  closestCenter,
  DndContext,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Box, Button, Card, CardHeader, List, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { DEFAULT_STAGE_PIPELINE, PIPELINE_LABELS, type Pipeline, type Stage } from '@boardwalk/shared/schemas/stage';
import { onRowsKeyDown, type RowControl } from './row-focus.ts';
import { applyOrder, moveId } from './stage-order.ts';
import { StageRow } from './stage-row.tsx';
import { useKeyboardReorder } from './use-keyboard-reorder.ts';

export type PipelineStagesProps = {
  pipeline: Pipeline;
  stages: Stage[];
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onReorder: (pipeline: Pipeline, ids: string[]) => void;
  onAdd: (pipeline: Pipeline) => void;
  onEdit: (stage: Stage) => void;
  onDelete: (stage: Stage) => void;
  onMakeDefault: (stage: Stage) => void;
  onActions: (stage: Stage) => void;
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

/**
 * One pipeline's stages in order: drag (pointer, or keyboard on the handle: Space, arrows, Space)
 * or the move buttons. Each row is one Tab stop; arrows move between its controls and rows.
 */
export function PipelineStages(props: PipelineStagesProps) {
  const {
    pipeline,
    stages: saved,
    canCreate,
    canUpdate,
    canDelete,
    onReorder,
    onAdd,
    onEdit,
    onDelete,
    onMakeDefault,
    onActions,
  } = props;
  const [announcement, setAnnouncement] = useState('');
  // Each row's Tab stop: the control last focused in it (row-focus.ts).
  const [tabStops, setTabStops] = useState<Record<string, RowControl>>({});
  const onControlFocus = (stage: Stage, control: RowControl) =>
    setTabStops((current) => (current[stage.id] === control ? current : { ...current, [stage.id]: control }));
  // The keyboard drag is useKeyboardReorder's, on the handle; dnd-kit has the pointer.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const nameOf = (id: unknown) => saved.find((s) => s.id === id)?.name ?? 'stage';
  const keyboard = useKeyboardReorder(
    saved.map((s) => s.id),
    nameOf,
    (next) => onReorder(pipeline, next),
    setAnnouncement,
  );
  const stages = applyOrder(saved, keyboard.order);
  const ids = stages.map((s) => s.id);
  const positionOf = (id: unknown) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${positionOf(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${positionOf(over.id)}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Reordering cancelled; ${nameOf(active.id)} is back in place.`,
  };

  const move = (from: number, to: number) => {
    const next = moveId(ids, from, to);
    setAnnouncement(`${stages[from]?.name ?? 'Stage'} moved to position ${to + 1} of ${ids.length}.`);
    onReorder(pipeline, next);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(pipeline, moveId(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  const headingId = `pipeline-${pipeline}`;
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardHeader
        title={PIPELINE_LABELS[pipeline]}
        subheader={`${stages.length} stage${stages.length === 1 ? '' : 's'}`}
        slotProps={{ title: { id: headingId, component: 'h2', variant: 'h6' } }}
        action={
          canCreate && (
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => onAdd(pipeline)}
              aria-label={`Add stage to ${PIPELINE_LABELS[pipeline]}`}
            >
              Add
            </Button>
          )
        }
      />
      {stages.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          No stages in this pipeline yet.
        </Typography>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <List dense disablePadding aria-label={`${PIPELINE_LABELS[pipeline]} stages`} onKeyDown={onRowsKeyDown}>
              {stages.map((stage, index) => (
                <StageRow
                  key={stage.id}
                  stage={stage}
                  index={index}
                  count={stages.length}
                  lifted={keyboard.liftedId === stage.id}
                  onHandleKeyDown={keyboard.onHandleKeyDown(stage.id)}
                  onHandleBlur={keyboard.cancel}
                  canUpdate={canUpdate}
                  canDelete={canDelete}
                  canBeDefault={pipeline === DEFAULT_STAGE_PIPELINE && stage.isActive}
                  onMove={move}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  onMakeDefault={onMakeDefault}
                  onActions={onActions}
                  tabStop={tabStops[stage.id]}
                  onControlFocus={onControlFocus}
                />
              ))}
            </List>
          </SortableContext>
        </DndContext>
      )}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Card>
  );
}
