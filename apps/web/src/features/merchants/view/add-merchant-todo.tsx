import { Button, Stack } from '@mui/material';
import { z } from 'zod';
import { dayIn } from '@boardwalk/shared/calendar';
import { TODO_TITLE_MAX } from '@boardwalk/shared/schemas/todo';
import { text } from '@boardwalk/shared/schemas/fields';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useEntityForm } from '../../../components/form/use-entity-form.ts';
import { useCreateTodoMutation } from '../../../entities/todos/api.ts';
import { userTimeZone } from '../../../lib/format-date.ts';

const addTodoSchema = z.object({
  title: text('Type a title first')
    .trim()
    .min(1, 'Type a title first')
    .max(TODO_TITLE_MAX, `Use at most ${TODO_TITLE_MAX} characters`),
  dueOn: z.string(),
});

/**
 * The merchant's Todos tab's add form: a title and a due day (today in the user's time zone,
 * as the todo views count it, unless changed), linked to
 * the merchant and assigned to the user. The one form pattern without a card or dialog around
 * it (it heads the list); checked on submit only, so leaving the empty title does not flag it.
 * After a save the title clears for the next and the day stays.
 */
export function AddMerchantTodo({ merchantId }: { merchantId: string }) {
  const [createTodo] = useCreateTodoMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: `merchant-todo-${merchantId}` },
    schema: addTodoSchema,
    defaultValues: { title: '', dueOn: dayIn(new Date(), userTimeZone()) },
    mode: 'onSubmit',
    // The date input gives '' when cleared: no due day.
    save: ({ title, dueOn }) => createTodo({ merchantId, title, dueOn: dueOn || null }).unwrap(),
    successMessage: 'Todo added',
    onSaved: (_todo, { reset, getValues }) => reset({ title: '', dueOn: getValues('dueOn') }),
  });
  const { onSubmit, submitting, rootError } = formProps;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <FormTextField
          control={form.control}
          name="title"
          size="small"
          label="Add a todo for this merchant"
          // A refusal that names no field (a 409) belongs to the title all the same.
          helperText={rootError ?? 'Enter adds it, assigned to you'}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: TODO_TITLE_MAX, readOnly: submitting } }}
        />
        <FormTextField
          control={form.control}
          name="dueOn"
          size="small"
          type="date"
          label="Due"
          fullWidth={false}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="contained" loading={submitting}>
          Add todo
        </Button>
      </Stack>
    </form>
  );
}
