import { useEffect, useRef, useState } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { Merchant } from '@boardwalk/shared/schemas/merchant';
import type { Pipeline, Stage } from '@boardwalk/shared/schemas/stage';
import type { ListQueryParams } from '../../../components/data-table/list-url-state.ts';
import { errorMessage } from '../../../lib/problem.ts';
import { useListMerchantsQuery } from '../../../entities/merchants/list-api.ts';
import { BoardCard } from './board-card.tsx';
import type { BoardKeyboard } from './use-board-keyboard.ts';

/** Cards per request: a column never loads more than it shows. */
export const COLUMN_PAGE_SIZE = 20;

export type BoardColumnProps = {
  pipeline: Pipeline;
  stage: Stage;
  stages: Stage[];
  /** The board's search and filters (without paging or stage). */
  filters: ListQueryParams;
  canMove: boolean;
  onMove: (merchant: Merchant, to: Stage) => void;
  keyboard: BoardKeyboard;
};

/** The cards of one stage: longest in the stage first, as their SLA runs out first. */
function columnArgs(pipeline: Pipeline, stageId: string, filters: ListQueryParams, page: number) {
  return {
    view: pipeline,
    params: { ...filters, stageId, page, pageSize: COLUMN_PAGE_SIZE, sort: 'stageEnteredAt', order: 'asc' },
  };
}

type PageProps = Omit<BoardColumnProps, 'stage'> & { stageId: string; page: number };

/** One page of a column's cards (its own request, refetched when a merchant changes). */
function ColumnPage({ pipeline, stageId, stages, filters, page, canMove, onMove, keyboard }: PageProps) {
  const query = useListMerchantsQuery(columnArgs(pipeline, stageId, filters, page));
  if (query.error && !query.data)
    return (
      <Box component="li" sx={{ listStyle: 'none' }}>
        <Alert
          severity="error"
          // In a narrow column: wrap the message rather than make it a scrolling box.
          sx={{ '& .MuiAlert-message': { overflow: 'visible', overflowWrap: 'anywhere' } }}
          action={<Button onClick={() => void query.refetch()}>Retry</Button>}
        >
          {errorMessage(query.error)}
        </Alert>
      </Box>
    );
  return (
    <>
      {(query.data?.merchants ?? []).map((merchant) => (
        <BoardCard
          key={merchant.id}
          merchant={merchant}
          stages={stages}
          canMove={canMove}
          onMove={onMove}
          keyboard={keyboard}
        />
      ))}
    </>
  );
}

/**
 * A stage column: its name and total, its cards a page at a time ("Load more" asks for the next
 * page), and a drop target for cards of the other columns.
 */
export function BoardColumn(props: BoardColumnProps) {
  const { pipeline, stage, filters, keyboard } = props;
  const [pages, setPages] = useState(1);
  const first = useListMerchantsQuery(columnArgs(pipeline, stage.id, filters, 0));
  const { setNodeRef, isOver: pointerOver } = useDroppable({ id: stage.id });
  const keyboardOver = keyboard.targetStageId === stage.id;
  const isOver = pointerOver || keyboardOver;
  const element = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // The column a keyboard-lifted card is over comes into view when the board scrolls sideways.
    if (keyboardOver) element.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [keyboardOver]);
  const total = first.data?.total;
  const shown = total === undefined ? 0 : Math.min(total, pages * COLUMN_PAGE_SIZE);
  const headingId = `board-column-${stage.id}`;

  return (
    <Paper
      ref={(node: HTMLElement | null) => {
        setNodeRef(node);
        element.current = node;
      }}
      component="section"
      aria-labelledby={headingId}
      data-board-column={stage.id}
      data-keyboard-target={keyboardOver || undefined}
      variant="outlined"
      sx={{
        width: 280,
        flexShrink: 0,
        p: 1,
        bgcolor: isOver ? 'action.hover' : 'background.default',
        borderColor: isOver ? 'primary.main' : 'divider',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, px: 0.5 }}>
        <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: stage.color, flexShrink: 0 }} />
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }} noWrap>
          {stage.name}
        </Typography>
        <Chip size="small" label={total ?? '…'} aria-label={total === undefined ? 'Loading' : `${total} merchants`} />
      </Stack>
      {first.isFetching && <LinearProgress aria-label={`Loading ${stage.name}`} />}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, minHeight: 80 }} aria-label={`${stage.name} merchants`}>
        {Array.from({ length: pages }, (_, page) => (
          <ColumnPage key={page} {...props} stageId={stage.id} page={page} />
        ))}
      </Stack>
      {total === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 0.5, py: 1 }}>
          No merchants in this stage
        </Typography>
      )}
      {total !== undefined && shown < total && (
        <Button fullWidth size="small" sx={{ mt: 1 }} onClick={() => setPages((n) => n + 1)}>
          {`Load more (${shown} of ${total})`}
        </Button>
      )}
    </Paper>
  );
}
