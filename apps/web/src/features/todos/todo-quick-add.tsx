import AddIcon from '@mui/icons-material/Add';
import { IconButton, InputAdornment } from '@mui/material';
import { z } from 'zod';
import { TODO_TITLE_MAX } from '@boardwalk/shared/schemas/todo';
import { text } from '@boardwalk/shared/schemas/fields';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import { useCreateTodoMutation, type CreateTodoArg } from '../../entities/todos/api.ts';

const quickAddSchema = z.object({
  title: text('Type a title first')
    .trim()
    .min(1, 'Type a title first')
    .max(TODO_TITLE_MAX, `Use at most ${TODO_TITLE_MAX} characters`),
});

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
 * The one form pattern without FormCard or FormDialog: it is a single field at the head of a
 * list, and the new row is its confirmation (no toast). Checked on submit only, so leaving the
 * empty field does not flag it.
 */
export function TodoQuickAdd({ defaults, hint, label = 'Add a todo' }: Props) {
  const [createTodo] = useCreateTodoMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: 'todo-quick-add' },
    schema: quickAddSchema,
    defaultValues: { title: '' },
    mode: 'onSubmit',
    save: ({ title }) => createTodo({ ...defaults, title }).unwrap(),
    successMessage: undefined,
    onSaved: (_todo, { reset }) => reset({ title: '' }),
  });
  const { onSubmit, submitting, rootError } = formProps;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormTextField
        control={form.control}
        name="title"
        size="small"
        label={label}
        // A refusal that names no field (a 409) belongs to this one field all the same.
        helperText={rootError ?? `Enter adds it, ${hint}`}
        slotProps={{
          htmlInput: { maxLength: TODO_TITLE_MAX, readOnly: submitting },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" size="small" aria-label="Add" disabled={submitting}>
                  <AddIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </form>
  );
}
