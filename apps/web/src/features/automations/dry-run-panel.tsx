import { Alert, Box, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { UseFormGetValues } from 'react-hook-form';
import { CONDITION_OPERATOR_LABELS, type AutomationDryRunResponse } from '@boardwalk/shared/schemas/automation';
import { ACTION_TYPE_LABELS } from '@boardwalk/shared/schemas/workflow-action';
import { TestRunPanel, TestRunRefusal } from '../../entities/automations/test-run-panel.tsx';
import { useDryRunAutomationMutation } from '../../entities/automations/api.ts';
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
  const [run, state] = useDryRunAutomationMutation();
  return (
    <TestRunPanel<AutomationDryRunResponse>
      id="automation-dry-run"
      heading="Dry run"
      merchantLabel="Merchant to try it on"
      buttonLabel="Dry run"
      failureText="The dry run failed."
      loading={state.isLoading}
      run={async (merchantId) => {
        const automation = dryRunAutomation(getValues());
        if (!automation) {
          throw new TestRunRefusal('Complete the trigger, conditions and actions first (at least one action).');
        }
        return run({ automation, merchantId }).unwrap();
      }}
    >
      {(result, merchant) => (
        <Box role="region" aria-label="Dry run result" sx={{ mt: 1 }}>
          <Alert severity="info" sx={{ mb: 1 }}>
            Nothing is sent or changed: this shows what would happen for {merchant}.
          </Alert>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {result.conditionsHold
              ? 'The conditions hold: the actions would run.'
              : 'The conditions do not hold: nothing would run.'}
          </Typography>
          {result.conditions.length > 0 && (
            <List dense aria-label="Conditions">
              {result.conditions.map((c, index) => (
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
            {result.actions.map((a, index) => (
              <ListItem key={index} disableGutters sx={{ gap: 1 }}>
                <Chip size="small" color={a.ok ? 'success' : 'error'} label={a.ok ? 'Would run' : 'Would fail'} />
                <ListItemText primary={a.description} secondary={ACTION_TYPE_LABELS[a.type]} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </TestRunPanel>
  );
}
