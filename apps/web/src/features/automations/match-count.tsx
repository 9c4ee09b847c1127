import { Typography } from '@mui/material';
import type { AutomationPreviewResponse } from '@boardwalk/shared/schemas/automation';
import { useWatch, type Control } from 'react-hook-form';
import { skipToken } from '@reduxjs/toolkit/query';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { usePreviewAutomationQuery } from '../../entities/automations/api.ts';
import { previewInput, type AutomationFormValues } from './automation-form.ts';

function matchText({ matching, complete }: AutomationPreviewResponse): string {
  const phrase = `${matching} ${matching === 1 ? 'merchant matches' : 'merchants match'} now`;
  return complete
    ? phrase
    : `At least ${phrase} (counting stopped after 2 seconds: text conditions are checked one merchant at a time)`;
}

/** "N merchants match": the trigger and conditions asked of the server once typing pauses. */
export function MatchCount({ control }: { control: Control<AutomationFormValues> }) {
  const trigger = useWatch({ control, name: 'trigger' });
  const conditions = useWatch({ control, name: 'conditions' });
  const input = useDebouncedValue(JSON.stringify(previewInput(trigger, conditions) ?? null), 400);
  const body = JSON.parse(input) as ReturnType<typeof previewInput> | null;
  const preview = usePreviewAutomationQuery(body ?? skipToken);
  const text = !body
    ? 'Complete the trigger and conditions to see how many merchants match.'
    : preview.isError
      ? 'The match count could not be loaded.'
      : preview.data === undefined || preview.isFetching
        ? 'Counting the matching merchants…'
        : matchText(preview.data);
  return (
    <Typography role="status" aria-live="polite" variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
}
