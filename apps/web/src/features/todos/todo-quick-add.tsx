import { useState, type SyntheticEvent } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Box, IconButton, InputAdornment, TextField } from '@mui/material';
import { TODO_TITLE_MAX } from '@boardwalk/shared/schemas/todo';
import { notifyError } from '../../components/form/notify.ts';
import { errorMessage } from '../../lib/problem.ts';
import { useCreateTodoMutation, type CreateTodoArg } from '../../entities/todos/api.ts';

type Props = {
  /** What a todo added here gets besides its title (today's date in Today, the tag filtered by, …). */
  defaults: Omit<CreateTodoArg, 'title'>;
  /** Says where the todo lands ("due today", "tagged #kyc"). */
  hint: string;
  label?: string;
};

/**
 * "Add a todo": type a title, press Enter (or the Add button: a form needs a submit button for
 * whoever does not know Enter submits it); the field clears and stays focused for the next.
 */
export function TodoQuickAdd({ defaults, hint, label = 'Add a todo' }: Props) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string>();
  const [createTodo, { isLoading }] = useCreateTodoMutation();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      setError('Type a title first');
      return;
    }
    try {
      await createTodo({ ...defaults, title: trimmed }).unwrap();
      setTitle('');
      setError(undefined);
    } catch (failure) {
      const message = errorMessage(failure);
      setError(message);
      notifyError(message);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        fullWidth
        size="small"
        label={label}
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          if (error) setError(undefined);
        }}
        error={error !== undefined}
        helperText={error ?? `Enter adds it, ${hint}`}
        slotProps={{
          htmlInput: { maxLength: TODO_TITLE_MAX, readOnly: isLoading },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" size="small" aria-label="Add" disabled={isLoading}>
                  <AddIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
