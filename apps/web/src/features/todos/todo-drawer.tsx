import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  Link,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Controller } from 'react-hook-form';
import { TODO_PRIORITIES, TODO_PRIORITY_LABELS, type Todo } from '@boardwalk/shared/schemas/todo';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { DraftNotice } from '../../components/form/draft-notice.tsx';
import { FormAutocomplete } from '../../components/form/form-autocomplete.tsx';
import { FormSelect } from '../../components/form/form-select.tsx';
import { FormSwitch } from '../../components/form/form-switch.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { LeaveGuard } from '../../components/form/leave-guard.tsx';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage } from '../../lib/problem.ts';
import {
  useDeleteTodoMutation,
  useGetTodoQuery,
  useRestoreTodoMutation,
  useUpdateTodoMutation,
} from '../../entities/todos/api.ts';
import { useListUserOptionsQuery } from '../../entities/users/api.ts';
import { todoFormSchema, todoFormValues, todoPatchOf } from './todo-form.ts';
import { TodoMerchantPicker } from './todo-merchant-picker.tsx';

const PRIORITY_OPTIONS = TODO_PRIORITIES.map((value) => ({ value, label: TODO_PRIORITY_LABELS[value] }));

type Props = { id: string; tagOptions: string[]; onClose: () => void };

/**
 * The detail drawer of /todo (?todo=<id>): every field of the todo, saved with the updatedAt it
 * was opened at (a change meanwhile is a 409 shown above the buttons). Unsaved values are kept
 * as a draft; closing or leaving with changes asks first.
 */
export function TodoDrawer({ id, tagOptions, onClose }: Props) {
  const { data: todo, error, refetch } = useGetTodoQuery(id);
  return (
    // A dialog pinned to the right edge: a drawer to look at, with a dialog's focus handling, and
    // without a Drawer chunk shared with the shell's menu on every page's first load (decision 025).
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="todo-details-title"
      sx={{ '& .MuiDialog-container': { justifyContent: 'flex-end' } }}
      slotProps={{
        paper: {
          sx: { m: 0, height: '100%', maxHeight: '100%', borderRadius: 0, width: { xs: '100%', sm: 440 }, p: 3 },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id="todo-details-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          Todo details
        </Typography>
        <Button onClick={onClose}>Close</Button>
      </Stack>
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(error, 'The todo could not be loaded.')}
        </Alert>
      ) : todo ? (
        <TodoEditForm key={todo.id} todo={todo} tagOptions={tagOptions} onClose={onClose} />
      ) : (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      )}
    </Dialog>
  );
}

function TodoEditForm({ todo, tagOptions, onClose }: { todo: Todo; tagOptions: string[]; onClose: () => void }) {
  const [updateTodo] = useUpdateTodoMutation();
  const [deleteTodo, deleting] = useDeleteTodoMutation();
  const [restoreTodo, restoring] = useRestoreTodoMutation();
  const users = useListUserOptionsQuery({ status: 'active' });
  const [purging, setPurging] = useState(false);
  // The version this form is based on: the one opened, then each of our own saves.
  const version = useRef(todo.updatedAt);
  const trashed = todo.deletedAt !== null;
  const { form, onSubmit, submitting, rootError, draft, dirty } = useEntityForm({
    schema: todoFormSchema,
    defaultValues: todoFormValues(todo),
    save: (values) =>
      updateTodo({
        ...todoPatchOf(values),
        id: todo.id,
        updatedAt: version.current,
        linkedMerchantId: todo.merchant?.id,
      }).unwrap(),
    successMessage: 'Todo saved',
    onSaved: (saved) => {
      version.current = saved.updatedAt;
    },
    draft: { id: 'todo', recordId: todo.id },
  });
  const userOptions = (users.data ?? []).map((u) => ({
    value: u.id,
    label: u.displayName || `${u.firstName} ${u.lastName}`.trim() || u.email,
  }));
  if (todo.assignee && !userOptions.some((o) => o.value === todo.assignee!.id)) {
    userOptions.push({ value: todo.assignee.id, label: todo.assignee.name });
  }

  const act = async (run: () => Promise<unknown>, message: string) => {
    try {
      await run();
      draft.clear();
      form.reset(form.getValues());
      notifySuccess(message);
      onClose();
    } catch (failure) {
      notifyError(errorMessage(failure));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {dirty && (
        <LeaveGuard hasChanges={() => form.formState.isDirty || draft.hasChanges()} onDiscard={draft.discard} />
      )}
      <Stack spacing={1}>
        <DraftNotice draft={draft} />
        {trashed && <Alert severity="info">This todo is in the trash. Restore it to change it.</Alert>}
        <FormTextField control={form.control} name="title" label="Title" required disabled={trashed} />
        <FormTextField
          control={form.control}
          name="description"
          label="Description"
          multiline
          minRows={3}
          disabled={trashed}
        />
        <Stack direction="row" spacing={2}>
          <FormTextField
            control={form.control}
            name="dueOn"
            label="Due date"
            type="date"
            disabled={trashed}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormTextField
            control={form.control}
            name="dueTime"
            label="Time"
            type="time"
            disabled={trashed}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <FormAutocomplete
          control={form.control}
          name="assigneeId"
          label="Assignee"
          options={userOptions}
          loading={users.isLoading}
        />
        <FormSelect
          control={form.control}
          name="priority"
          label="Priority"
          options={PRIORITY_OPTIONS}
          disabled={trashed}
        />
        <Controller
          control={form.control}
          name="tags"
          render={({ field, fieldState }) => (
            <Autocomplete
              multiple
              freeSolo
              options={tagOptions}
              value={field.value}
              disabled={trashed}
              onChange={(_event, value) => field.onChange(value.map((v) => v.trim().toLowerCase()).filter(Boolean))}
              renderValue={(value, getItemProps) =>
                value.map((option, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} size="small" label={`#${option}`} {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Tags"
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message ?? 'Type a tag and press Enter'}
                />
              )}
            />
          )}
        />
        <Stack direction="row" spacing={2}>
          <FormSwitch control={form.control} name="isImportant" label="Important" disabled={trashed} />
          <FormSwitch control={form.control} name="isCompleted" label="Completed" disabled={trashed} />
        </Stack>
        <Controller
          control={form.control}
          name="merchant"
          render={({ field, fieldState }) => (
            <TodoMerchantPicker
              value={field.value}
              onChange={field.onChange}
              disabled={trashed}
              error={fieldState.error?.message}
            />
          )}
        />
        {todo.merchant && (
          <Typography>
            Linked to{' '}
            <Link component={RouterLink} to={`/merchant/view/${todo.merchant.id}`}>
              {todo.merchant.name}
            </Link>
            {todo.merchant.deleted ? ' (deleted)' : ''}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {todo.completedBy
            ? `Completed by ${todo.completedBy.name} on ${formatDateTime(todo.completedAt)}`
            : `Added ${formatDateTime(todo.createdAt)}`}
        </Typography>
        {rootError && <Alert severity="error">{rootError}</Alert>}
        <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
          {trashed ? (
            <>
              <Button
                variant="contained"
                loading={restoring.isLoading}
                onClick={() => void act(() => restoreTodo(todo.id).unwrap(), 'Todo restored')}
              >
                Restore
              </Button>
              <Button color="error" onClick={() => setPurging(true)}>
                Delete for good
              </Button>
            </>
          ) : (
            <>
              <Button type="submit" variant="contained" loading={submitting}>
                Save
              </Button>
              <Button
                color="error"
                loading={deleting.isLoading}
                onClick={() => void act(() => deleteTodo(todo.id).unwrap(), 'Todo moved to the trash')}
              >
                Move to trash
              </Button>
            </>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={purging}
        title="Delete this todo for good?"
        message="It cannot be restored afterwards. The audit log keeps its title."
        confirmLabel="Delete for good"
        destructive
        busy={deleting.isLoading}
        onConfirm={() => void act(() => deleteTodo(todo.id).unwrap(), 'Todo deleted for good')}
        onClose={() => setPurging(false)}
      />
    </Box>
  );
}
