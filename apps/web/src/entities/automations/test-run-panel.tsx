import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/problem.ts';
import { MerchantSearchField, type MerchantChoice } from '../search/merchant-search-field.tsx';

/** Thrown by a panel's `run` when it cannot start: its message is shown as the failure. */
export class TestRunRefusal extends Error {}

/**
 * The test run of a list of workflow actions against one merchant (decision 078): the one panel
 * of the automation builder's dry run and the stage's test run. Nothing is sent or changed; each
 * caller renders what its answer says.
 */
export function TestRunPanel<T>(props: {
  id: string;
  heading: string;
  merchantLabel: string;
  buttonLabel: string;
  failureText: string;
  loading: boolean;
  run: (merchantId: string) => Promise<T>;
  children: (result: T, merchantName: string) => ReactNode;
}) {
  const [merchant, setMerchant] = useState<MerchantChoice | null>(null);
  const [outcome, setOutcome] = useState<{ merchant: string; result: T }>();
  const [failure, setFailure] = useState<string>();
  const onRun = async () => {
    if (!merchant) return;
    setFailure(undefined);
    try {
      setOutcome({ merchant: merchant.dbaName, result: await props.run(merchant.id) });
    } catch (error) {
      setOutcome(undefined);
      setFailure(error instanceof TestRunRefusal ? error.message : errorMessage(error, props.failureText));
    }
  };
  return (
    <Box component="section" aria-labelledby={props.id}>
      <Typography id={props.id} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {props.heading}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <MerchantSearchField label={props.merchantLabel} value={merchant} onChange={setMerchant} />
        <Button variant="outlined" disabled={!merchant} loading={props.loading} onClick={() => void onRun()}>
          {props.buttonLabel}
        </Button>
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      {outcome && props.children(outcome.result, outcome.merchant)}
    </Box>
  );
}
