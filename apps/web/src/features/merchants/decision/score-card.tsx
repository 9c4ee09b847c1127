import type { MerchantDetail } from '@boardwalk/shared/schemas/merchant';
import { RECOMMENDATION_LABELS, SCORECARD_OPERATOR_LABELS, type ScoreLine } from '@boardwalk/shared/schemas/scorecard';
import { Alert, Card, CardContent, CardHeader, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { PlainTable } from '../../../components/plain-table/plain-table.tsx';
import { useGetMerchantScoreQuery } from '../../../entities/scorecards/api.ts';
import { errorMessage } from '../../../lib/problem.ts';

const COLORS = { approve: 'success', review: 'warning', decline: 'error' } as const;

const ruleText = (line: ScoreLine) =>
  `${SCORECARD_OPERATOR_LABELS[line.operator]}${line.operator === 'missing' ? '' : ` ${line.value}`}`;

const COLUMNS = [
  { label: 'Rule', width: '34%' },
  { label: 'Condition', width: '22%' },
  { label: 'Record', width: '24%' },
  { label: 'Points', numeric: true, width: '20%' },
];

/**
 * The merchant's score under its pipeline's active scorecard, beside the underwriter's decision
 * (docs/decisions/103): the total, the recommendation with its reason codes, the version, and
 * every rule with what the record holds. A recommendation only: nothing is decided from it.
 */
export function ScoreCard({ merchant }: { merchant: MerchantDetail }) {
  const { data, error, isLoading } = useGetMerchantScoreQuery(merchant.id);
  return (
    <Card variant="outlined">
      <CardHeader
        title="Scorecard"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        subheader={
          data?.scorecard ? `Version ${data.scorecard.version}, computed from the record as it is now` : undefined
        }
      />
      <CardContent>
        {error ? (
          <Alert severity="error">The score could not be loaded. {errorMessage(error)}</Alert>
        ) : isLoading || !data ? (
          <Skeleton variant="rectangular" height={80} />
        ) : (
          <Stack spacing={1.5}>
            {data.score !== null && data.recommendation ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="h5" component="p">
                  Score {data.score}
                </Typography>
                <Chip
                  label={`Recommends: ${RECOMMENDATION_LABELS[data.recommendation]}`}
                  color={COLORS[data.recommendation]}
                />
                {data.reasonCodes.map((r) => (
                  <Chip key={r.id} variant="outlined" label={`${r.code} ${r.label}`} />
                ))}
              </Stack>
            ) : null}
            {data.notes.map((note) => (
              <Typography key={note} variant="body2" color="text.secondary">
                {note}
              </Typography>
            ))}
            {data.lines.length > 0 && (
              <PlainTable
                label="Score breakdown"
                columns={COLUMNS}
                rows={data.lines}
                rowKey={(line) => line.index}
                rowHeader
                fixedLayout
                cells={(line) => [
                  line.label,
                  ruleText(line),
                  line.actual === null ? 'No value' : String(line.actual),
                  line.matched ? (line.points > 0 ? `+${line.points}` : String(line.points)) : '0',
                ]}
              />
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
