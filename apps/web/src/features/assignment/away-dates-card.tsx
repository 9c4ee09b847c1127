import { awayPeriodInputSchema, type AwayPeriod } from '@boardwalk/shared/schemas/assignment';
import { Chip, Stack, Typography } from '@mui/material';
import { FormCard } from '../../components/form/form-card.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { notifyError } from '../../components/form/notify.ts';
import { useEntityForm } from '../../components/form/use-entity-form.ts';
import {
  useAddAwayPeriodMutation,
  useListAwayPeriodsQuery,
  useRemoveAwayPeriodMutation,
} from '../../entities/assignment/api.ts';
import { errorMessage } from '../../lib/problem.ts';

const span = (p: AwayPeriod) => (p.startsOn === p.endsOn ? p.startsOn : `${p.startsOn} – ${p.endsOn}`);

/**
 * The signed-in user's away dates: the days (inclusive, UTC) on which assignment rules hand them
 * nothing. Only one's own: the API takes no user id.
 */
export function AwayDatesCard() {
  const periods = useListAwayPeriodsQuery();
  const [add] = useAddAwayPeriodMutation();
  const [remove] = useRemoveAwayPeriodMutation();
  const { form, formProps } = useEntityForm({
    draft: { id: 'away-dates' },
    schema: awayPeriodInputSchema,
    defaultValues: { startsOn: '', endsOn: '' },
    save: (values) => add(values).unwrap(),
    successMessage: 'Away dates saved',
    onSaved: (_result, saved) => saved.reset({ startsOn: '', endsOn: '' }),
  });
  const onRemove = (id: string) =>
    remove(id)
      .unwrap()
      .catch((error: unknown) => notifyError(errorMessage(error)));
  return (
    <FormCard
      title="Away dates"
      subheader="Assignment rules skip you on these days"
      submitLabel="Add away dates"
      {...formProps}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={form.control}
          name="startsOn"
          label="First day"
          type="date"
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormTextField
          control={form.control}
          name="endsOn"
          label="Last day"
          type="date"
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {periods.data && periods.data.length > 0 ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
          aria-label="Your away dates"
          role="list"
        >
          {periods.data.map((p) => (
            <Chip key={p.id} role="listitem" label={span(p)} onDelete={() => void onRemove(p.id)} />
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No away dates ahead.
        </Typography>
      )}
    </FormCard>
  );
}
