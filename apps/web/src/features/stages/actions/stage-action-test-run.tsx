import { useState } from 'react';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { ACTION_TYPE_LABELS, type ActionPlan } from '@boardwalk/shared/schemas/workflow-action';
import { MerchantSearchField, type MerchantChoice } from '../../../entities/search/merchant-search-field.tsx';
import { errorMessage } from '../../../lib/problem.ts';
import { useTestRunStageActionsMutation } from './api.ts';

/** A dry run of the stage's actions against one merchant: what each would do; nothing is sent. */
export function StageActionTestRun({ stageId }: { stageId: string }) {
  const [merchant, setMerchant] = useState<MerchantChoice | null>(null);
  const [run, state] = useTestRunStageActionsMutation();
  const [plans, setPlans] = useState<{ merchant: string; plans: ActionPlan[] }>();
  const [failure, setFailure] = useState<string>();
  const onRun = async () => {
    if (!merchant) return;
    setFailure(undefined);
    try {
      setPlans({ merchant: merchant.dbaName, plans: await run({ stageId, merchantId: merchant.id }).unwrap() });
    } catch (error) {
      setPlans(undefined);
      setFailure(errorMessage(error, 'The test run failed.'));
    }
  };
  return (
    <Box component="section" aria-labelledby="stage-action-test-run">
      <Typography id="stage-action-test-run" component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Test run
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <MerchantSearchField label="Merchant to test with" value={merchant} onChange={setMerchant} />
        <Button variant="outlined" disabled={!merchant} loading={state.isLoading} onClick={() => void onRun()}>
          Run test
        </Button>
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      {plans && (
        <Box role="status" sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            What would happen for {plans.merchant} (nothing was sent or changed):
          </Typography>
          {plans.plans.length === 0 ? (
            <Typography variant="body2">This stage has no actions.</Typography>
          ) : (
            <List dense aria-label="Test run results">
              {plans.plans.map((plan, index) => (
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
    </Box>
  );
}
