import {
  BACKTEST_DECISIONS,
  BACKTEST_DISAGREEMENT_PAGE,
  BACKTEST_MAX_MERCHANTS,
  RECOMMENDATION_LABELS,
  RECOMMENDATIONS,
  type BacktestResult,
  type Scorecard,
} from '@boardwalk/shared/schemas/scorecard';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PlainTable } from '../../components/plain-table/plain-table.tsx';
import { useBacktestScorecardMutation } from '../../entities/scorecards/api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage, problemFieldErrors } from '../../lib/problem.ts';

const DECISION_LABELS = { approved: 'Approved', declined: 'Declined' } as const;

function Results({ result, onPage }: { result: BacktestResult; onPage: (offset: number) => void }) {
  const end = result.offset + result.disagreements.length;
  return (
    <Stack spacing={2}>
      <Typography>
        {result.merchants} decided merchants scored; the recommendation agreed with the decision for {result.agreements}
        , disagreed for {result.disagreementTotal}.
      </Typography>
      <PlainTable
        label="Recommendation against decision taken"
        columns={[
          { label: 'Recommendation' },
          ...BACKTEST_DECISIONS.map((d) => ({ label: DECISION_LABELS[d], numeric: true })),
        ]}
        rows={[...RECOMMENDATIONS]}
        rowKey={(r) => r}
        rowHeader
        cells={(r) => [RECOMMENDATION_LABELS[r], ...BACKTEST_DECISIONS.map((d) => result.counts[r][d])]}
      />
      {result.disagreementTotal > 0 && (
        <>
          <PlainTable
            label="Disagreements"
            caption={`Disagreements ${result.offset + 1}–${end} of ${result.disagreementTotal}`}
            columns={[
              { label: 'Merchant' },
              { label: 'Score', numeric: true },
              { label: 'Recommended' },
              { label: 'Decided' },
            ]}
            rows={result.disagreements}
            rowKey={(d) => d.merchantId}
            rowHeader
            cells={(d) => [
              <Link key="m" component={RouterLink} to={`/merchant/view/${d.merchantId}`}>
                {d.dbaName}
              </Link>,
              d.score,
              RECOMMENDATION_LABELS[d.recommendation],
              `${DECISION_LABELS[d.decision]}, ${formatDateTime(d.decidedAt)}`,
            ]}
          />
          <Stack direction="row" spacing={1}>
            <Button disabled={result.offset === 0} onClick={() => onPage(result.offset - BACKTEST_DISAGREEMENT_PAGE)}>
              Previous
            </Button>
            <Button disabled={end >= result.disagreementTotal} onClick={() => onPage(end)}>
              Next
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}

/**
 * Runs a version over the last N merchants decided in its pipeline (docs/decisions/103): how its
 * recommendations compare with the decisions taken, before it is activated.
 */
export function BacktestDialog({ scorecard, onClose }: { scorecard: Scorecard; onClose: () => void }) {
  const [limit, setLimit] = useState('200');
  const [run, state] = useBacktestScorecardMutation();
  const [result, setResult] = useState<BacktestResult | null>(null);
  const fieldError = state.error ? problemFieldErrors(state.error)?.limit?.[0] : undefined;
  const go = async (offset = 0) => {
    try {
      setResult(await run({ id: scorecard.id, limit: Number(limit), offset: Math.max(0, offset) }).unwrap());
    } catch {
      // Shown from the mutation's state below.
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Backtest version {scorecard.version}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Last decided merchants"
              type="number"
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
              error={fieldError !== undefined}
              helperText={fieldError ?? `At most ${BACKTEST_MAX_MERCHANTS}, scored as their records are now`}
              slotProps={{ htmlInput: { min: 1, max: BACKTEST_MAX_MERCHANTS } }}
            />
            <Button variant="contained" onClick={() => void go()} disabled={state.isLoading} sx={{ mt: 1 }}>
              Run backtest
            </Button>
          </Stack>
          {state.error && !fieldError ? <Alert severity="error">{errorMessage(state.error)}</Alert> : null}
          {result ? <Results result={result} onPage={(offset) => void go(offset)} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
