import { useState } from 'react';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { UseFormGetValues } from 'react-hook-form';
import { CONDITION_OPERATOR_LABELS, type AutomationDryRunResponse } from '@boardwalk/shared/schemas/automation';
import { ACTION_TYPE_LABELS } from '@boardwalk/shared/schemas/workflow-action';
import { MerchantSearchField, type MerchantChoice } from '../../entities/search/merchant-search-field.tsx';
import { errorMessage } from '../../lib/problem.ts';
import { useDryRunAutomationMutation } from './api.ts';
import { dryRunAutomation, type AutomationFormValues } from './automation-form.ts';
import { fieldLabel } from './labels.ts';

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

/** The automation as typed, run against one merchant: whether each condition holds and what each action would do. */
export function DryRunPanel({ getValues }: { getValues: UseFormGetValues<AutomationFormValues> }) {
  const [merchant, setMerchant] = useState<MerchantChoice | null>(null);
  const [run, state] = useDryRunAutomationMutation();
  const [outcome, setOutcome] = useState<{ merchant: string; result: AutomationDryRunResponse }>();
  const [failure, setFailure] = useState<string>();
  const onRun = async () => {
    if (!merchant) return;
    setFailure(undefined);
    const automation = dryRunAutomation(getValues());
    if (!automation) {
      setOutcome(undefined);
      setFailure('Complete the trigger, conditions and actions first (at least one action).');
      return;
    }
    try {
      const result = await run({ automation, merchantId: merchant.id }).unwrap();
      setOutcome({ merchant: merchant.dbaName, result });
    } catch (error) {
      setOutcome(undefined);
      setFailure(errorMessage(error, 'The dry run failed.'));
    }
  };
  return (
    <Box component="section" aria-labelledby="automation-dry-run">
      <Typography id="automation-dry-run" component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Dry run
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <MerchantSearchField label="Merchant to try it on" value={merchant} onChange={setMerchant} />
        <Button variant="outlined" disabled={!merchant} loading={state.isLoading} onClick={() => void onRun()}>
          Dry run
        </Button>
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      {outcome && (
        <Box role="region" aria-label="Dry run result" sx={{ mt: 1 }}>
          <Alert severity="info" sx={{ mb: 1 }}>
            Nothing is sent or changed: this shows what would happen for {outcome.merchant}.
          </Alert>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {outcome.result.conditionsHold
              ? 'The conditions hold: the actions would run.'
              : 'The conditions do not hold: nothing would run.'}
          </Typography>
          {outcome.result.conditions.length > 0 && (
            <List dense aria-label="Conditions">
              {outcome.result.conditions.map((c, index) => (
                <ListItem key={index} disableGutters sx={{ gap: 1 }}>
                  <Chip
                    size="small"
                    color={c.holds ? 'success' : 'error'}
                    label={c.holds ? 'Holds' : 'Does not hold'}
                  />
                  <ListItemText
                    primary={`${fieldLabel(c.field)} ${CONDITION_OPERATOR_LABELS[c.operator]} ${shown(c.value)}`}
                    secondary={`Its value: ${shown(c.actual)}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
          <List dense aria-label="Actions it would run">
            {outcome.result.actions.map((a, index) => (
              <ListItem key={index} disableGutters sx={{ gap: 1 }}>
                <Chip size="small" color={a.ok ? 'success' : 'error'} label={a.ok ? 'Would run' : 'Would fail'} />
                <ListItemText primary={a.description} secondary={ACTION_TYPE_LABELS[a.type]} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Box>
  );
}
