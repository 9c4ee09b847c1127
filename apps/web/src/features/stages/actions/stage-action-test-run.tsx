import { Box, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { ACTION_TYPE_LABELS, type ActionPlan } from '@boardwalk/shared/schemas/workflow-action';
import { TestRunPanel } from '../../../entities/automations/test-run-panel.tsx';
import { useTestRunStageActionsMutation } from '../../../entities/automations/stage-actions.api.ts';

/** A dry run of the stage's actions against one merchant: what each would do; nothing is sent. */
export function StageActionTestRun({ stageId }: { stageId: string }) {
  const [run, state] = useTestRunStageActionsMutation();
  return (
    <TestRunPanel<ActionPlan[]>
      id="stage-action-test-run"
      heading="Test run"
      merchantLabel="Merchant to test with"
      buttonLabel="Run test"
      failureText="The test run failed."
      loading={state.isLoading}
      run={(merchantId) => run({ stageId, merchantId }).unwrap()}
    >
      {(plans, merchant) => (
        <Box role="status" sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            What would happen for {merchant} (nothing was sent or changed):
          </Typography>
          {plans.length === 0 ? (
            <Typography variant="body2">This stage has no actions.</Typography>
          ) : (
            <List dense aria-label="Test run results">
              {plans.map((plan, index) => (
                <ListItem key={plan.actionId ?? index} disableGutters sx={{ gap: 1 }}>
                  <Chip
                    size="small"
                    color={!plan.isActive ? 'default' : plan.ok ? 'success' : 'error'}
                    label={!plan.isActive ? 'Inactive' : plan.ok ? 'Would run' : 'Would fail'}
                  />
                  <ListItemText primary={plan.summary} secondary={ACTION_TYPE_LABELS[plan.type]} />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      )}
    </TestRunPanel>
  );
}
