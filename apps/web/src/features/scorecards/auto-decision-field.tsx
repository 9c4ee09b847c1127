import {
  AUTO_DECISION_REASON_KINDS,
  RECOMMENDATION_LABELS,
  type AutoDecision,
  type ScorecardFormValues,
} from '@boardwalk/shared/schemas/scorecard';
import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import { useReasonCodeMenuItems } from '../../entities/underwriting/reason-code-menu.tsx';

type Props = { control: Control<ScorecardFormValues>; recommendation: AutoDecision };

/**
 * One threshold's automatic decision (docs/decisions/116): off unless switched on, and then the
 * reason code the decision records, from the kinds a score can stand for (risk, financials,
 * other). The server checks the same.
 */
export function AutoDecisionField({ control, recommendation }: Props) {
  const label = RECOMMENDATION_LABELS[recommendation];
  const name = recommendation === 'approve' ? 'thresholds.autoApprove' : 'thresholds.autoDecline';
  const items = useReasonCodeMenuItems(AUTO_DECISION_REASON_KINDS);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = field.value ?? { enabled: false, reasonCodeId: null };
        const error = (fieldState.error as { reasonCodeId?: { message?: string } } | undefined)?.reasonCodeId?.message;
        return (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <FormControlLabel
              sx={{ minWidth: 240 }}
              control={
                <Switch
                  checked={value.enabled}
                  onChange={(event) => field.onChange({ ...value, enabled: event.target.checked })}
                />
              }
              label={`${label} automatically`}
            />
            {value.enabled && (
              <TextField
                select
                label={`Reason an automatic ${label.toLowerCase()} records`}
                value={value.reasonCodeId ?? ''}
                onChange={(event) => field.onChange({ ...value, reasonCodeId: event.target.value || null })}
                error={error !== undefined}
                helperText={error ?? 'Risk, financials or other: a score finds no fraud and reads no document'}
                sx={{ minWidth: 320 }}
              >
                {items}
              </TextField>
            )}
          </Stack>
        );
      }}
    />
  );
}
