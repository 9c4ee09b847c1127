import { useState, type KeyboardEvent } from 'react';
import { Box, Button, IconButton, List, ListItem, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useFieldArray, useFormState, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { MAX_AUTOMATION_ACTIONS } from '@boardwalk/shared/schemas/automation';
import { ACTION_TYPE_LABELS } from '@boardwalk/shared/schemas/workflow-action';
import { useStageOptionsQuery } from '../../entities/stages/api.ts';
import { ActionItemDialog } from './action-item-dialog.tsx';
import { actionSummary } from './action-summary.ts';
import type { ActionItemValues, AutomationFormValues } from './automation-form.ts';

// Pixel strings: in sx a bare 1 means 100%.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Every message under an error node (an action's `config.…` errors, from the form or the server). */
function messagesOf(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const { message } = node as { message?: unknown };
  if (typeof message === 'string') return [message];
  return Object.entries(node)
    .filter(([key]) => key !== 'ref' && key !== 'type')
    .flatMap(([, child]) => messagesOf(child));
}

type Editing = { index: number; action: ActionItemValues | undefined } | undefined;

/**
 * The ordered actions: add, edit, remove, and move up or down by the buttons or by Alt+Arrow
 * on an action (announced). Errors of an action (its config, the guard rail) show under it.
 */
export function ActionList({ control }: { control: Control<AutomationFormValues> }) {
  const { fields, append, remove, move, update } = useFieldArray({ control, name: 'actions' });
  const actions = useWatch({ control, name: 'actions' });
  const { errors } = useFormState({ control, name: 'actions' });
  const stages = useStageOptionsQuery();
  const stageName = (id: string) => stages.data?.find((s) => s.id === id)?.name;
  const [editing, setEditing] = useState<Editing>();
  const [announcement, setAnnouncement] = useState('');
  const listError = (errors.actions as FieldErrors | undefined)?.root?.message ?? errors.actions?.message;

  const moveTo = (from: number, to: number) => {
    if (to < 0 || to >= fields.length) return;
    move(from, to);
    const action = actions[from];
    setAnnouncement(
      `${action ? actionSummary(action, stageName) : 'Action'} moved to position ${to + 1} of ${fields.length}.`,
    );
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    moveTo(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  };

  return (
    <Stack spacing={1}>
      {fields.length === 0 ? (
        <Typography variant="body2" color={listError ? 'error' : 'text.secondary'}>
          {listError ?? 'No actions yet.'}
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Actions, in order">
          {fields.map((row, index) => {
            const action = actions[index] ?? row;
            const summary = actionSummary(action, stageName);
            const problems = messagesOf(errors.actions?.[index]);
            return (
              <ListItem
                key={row.id}
                divider
                tabIndex={0}
                onKeyDown={onKeyDown(index)}
                aria-label={`${index + 1}. ${summary}`}
                aria-description="Alt+Arrow keys move it"
                sx={{ gap: 1, pr: 1, alignItems: 'flex-start' }}
              >
                <Typography variant="body2" color="text.secondary" sx={{ minWidth: 20, pt: 0.5 }}>
                  {index + 1}.
                </Typography>
                <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500 }}>{summary}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {ACTION_TYPE_LABELS[action.type]}
                  </Typography>
                  {problems.map((message) => (
                    <Typography key={message} variant="caption" color="error" role="alert">
                      {message}
                    </Typography>
                  ))}
                </Stack>
                <Tooltip title="Move up">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Move action ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => moveTo(index, index - 1)}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Move down">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Move action ${index + 1} down`}
                      disabled={index === fields.length - 1}
                      onClick={() => moveTo(index, index + 1)}
                    >
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Edit">
                  <IconButton
                    size="small"
                    aria-label={`Edit action ${index + 1}`}
                    onClick={() => setEditing({ index, action })}
                  >
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Remove">
                  <IconButton size="small" aria-label={`Remove action ${index + 1}`} onClick={() => remove(index)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </ListItem>
            );
          })}
        </List>
      )}
      <Box>
        <Button
          startIcon={<AddIcon />}
          disabled={fields.length >= MAX_AUTOMATION_ACTIONS}
          onClick={() => setEditing({ index: fields.length, action: undefined })}
        >
          Add action
        </Button>
      </Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      {editing && (
        <ActionItemDialog
          action={editing.action}
          position={editing.index}
          onSave={(action) => (editing.action ? update(editing.index, action) : append(action))}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Stack>
  );
}
