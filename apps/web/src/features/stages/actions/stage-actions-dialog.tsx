import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  List,
  ListItem,
  Skeleton,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { Stage } from '@boardwalk/shared/schemas/stage';
import { ACTION_TYPE_LABELS, type StageAction } from '@boardwalk/shared/schemas/workflow-action';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { useConfirmDelete } from '../../../components/confirm/use-confirm-delete.ts';
import { notifyError, notifySuccess } from '../../../components/form/notify.ts';
import { errorMessage } from '../../../lib/problem.ts';
import { moveId } from '../stage-order.ts';
import {
  useDeleteStageActionMutation,
  useListStageActionsQuery,
  useReorderStageActionsMutation,
  useUpdateStageActionMutation,
} from '../../../entities/automations/stage-actions.api.ts';
import { StageActionFormDialog } from './stage-action-form-dialog.tsx';
import { StageActionTestRun } from './stage-action-test-run.tsx';

// Pixel strings: in sx a bare 1 means 100%.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type Editing = { action: StageAction | undefined } | undefined;

/**
 * A stage's actions, opened from /stage/list: run in this order when a merchant
 * enters the stage. Add, edit, switch on or off, move up or down, delete, and a dry run.
 */
export function StageActionsDialog({ stage, onClose }: { stage: Stage; onClose: () => void }) {
  const query = useListStageActionsQuery(stage.id);
  const [reorder] = useReorderStageActionsMutation();
  const [update] = useUpdateStageActionMutation();
  const [remove] = useDeleteStageActionMutation();
  const [editing, setEditing] = useState<Editing>();
  const [announcement, setAnnouncement] = useState('');
  // A new order shows at once, until the list read after its save arrives.
  const [order, setOrder] = useState<string[]>();
  useEffect(() => setOrder(undefined), [query.data]);
  const saved = query.data ?? [];
  const actions = order
    ? order.map((id) => saved.find((a) => a.id === id)).filter((a): a is StageAction => a !== undefined)
    : saved;
  const deletion = useConfirmDelete<StageAction>({
    remove: (action) => remove({ id: action.id, stageId: stage.id }),
    describe: (action) => `Action “${action.summary}”`,
  });

  const move = async (from: number, to: number) => {
    const ids = moveId(
      actions.map((a) => a.id),
      from,
      to,
    );
    setOrder(ids);
    setAnnouncement(`${actions[from]?.summary ?? 'Action'} moved to position ${to + 1} of ${ids.length}.`);
    try {
      await reorder({ stageId: stage.id, ids }).unwrap();
    } catch (error) {
      setOrder(undefined);
      notifyError(errorMessage(error, 'The new order could not be saved.'));
    }
  };
  const setActive = async (action: StageAction, isActive: boolean) => {
    try {
      await update({
        id: action.id,
        stageId: stage.id,
        type: action.type,
        isActive,
        updatedAt: action.updatedAt,
      }).unwrap();
      notifySuccess(isActive ? 'Action switched on' : 'Action switched off');
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <Dialog open fullWidth maxWidth="md" onClose={onClose} aria-labelledby="stage-actions-title">
      <DialogTitle id="stage-actions-title">Actions of {stage.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            When a merchant enters this stage, its active actions run in this order.
          </Typography>
          {query.isLoading ? (
            <Skeleton variant="rectangular" height={120} />
          ) : query.error && !query.data ? (
            <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
              The actions could not be loaded. {errorMessage(query.error)}
            </Alert>
          ) : actions.length === 0 ? (
            <Typography>No actions yet.</Typography>
          ) : (
            <List dense disablePadding aria-label={`Actions of ${stage.name}`}>
              {actions.map((action, index) => (
                <ListItem key={action.id} divider aria-label={action.summary} sx={{ gap: 1, pr: 1 }}>
                  <Typography variant="body2" color="text.secondary" sx={{ minWidth: 20 }}>
                    {index + 1}.
                  </Typography>
                  <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 500 }}>{action.summary}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {ACTION_TYPE_LABELS[action.type]}
                    </Typography>
                  </Stack>
                  {!action.isActive && <Chip size="small" variant="outlined" label="Inactive" />}
                  <Tooltip title={action.isActive ? 'Switch off' : 'Switch on'}>
                    <Switch
                      checked={action.isActive}
                      onChange={(event) => void setActive(action, event.target.checked)}
                      slotProps={{ input: { 'aria-label': `Active: ${action.summary}` } }}
                    />
                  </Tooltip>
                  <Tooltip title="Move up">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move ${action.summary} up`}
                        disabled={index === 0}
                        onClick={() => void move(index, index - 1)}
                      >
                        <ArrowUpward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Move down">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move ${action.summary} down`}
                        disabled={index === actions.length - 1}
                        onClick={() => void move(index, index + 1)}
                      >
                        <ArrowDownward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Edit">
                    <IconButton
                      size="small"
                      aria-label={`Edit ${action.summary}`}
                      onClick={() => setEditing({ action })}
                    >
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton
                      size="small"
                      aria-label={`Delete ${action.summary}`}
                      onClick={() => deletion.ask(action)}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </ListItem>
              ))}
            </List>
          )}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => setEditing({ action: undefined })}>
              Add action
            </Button>
          </Box>
          <Divider />
          <StageActionTestRun stageId={stage.id} />
        </Stack>
        <Box role="status" aria-live="polite" sx={visuallyHidden}>
          {announcement}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {editing && (
        <StageActionFormDialog stageId={stage.id} action={editing.action} onClose={() => setEditing(undefined)} />
      )}
      <ConfirmDialog
        open={deletion.target !== undefined}
        title="Delete action?"
        message={
          deletion.target
            ? `“${deletion.target.summary}” will no longer run when a merchant enters ${stage.name}. Its past runs stay in the history.`
            : ''
        }
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onClose={deletion.cancel}
      />
    </Dialog>
  );
}
