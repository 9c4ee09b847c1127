import { UNDERWRITING_DECISION_LABELS, type MerchantDetail } from '@boardwalk/shared/schemas/merchant';
import {
  DECISION_OUTCOME_LABELS,
  DECISION_OUTCOMES,
  type DecisionOutcome,
  type MerchantDecision,
} from '@boardwalk/shared/schemas/underwriting';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { notifySuccess } from '../../../components/form/notify.ts';
import { useListMerchantDecisionsQuery, useRecordDecisionMutation } from '../../../entities/underwriting/api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { errorMessage, problemFieldErrors } from '../../../lib/problem.ts';
import { ReasonSelect } from './decision-reason.tsx';

const COLORS = { approved: 'success', declined: 'error', pending: 'default' } as const;

/** Who recorded a decision: the person, the scorecard version that decided by itself (docs/decisions/116), or the label. */
export function decidedByText(d: MerchantDecision): string {
  if (d.decidedBy) return d.decidedBy.name;
  if (d.scorecard) return `Decided automatically by scorecard v${d.scorecard.version}`;
  return d.actorLabel || 'The system';
}

/** The line under the decision chip: the latest decision's author, as the list records it. */
function decidedLine(merchant: MerchantDetail, latest: MerchantDecision | undefined): string {
  if (merchant.decidedBy) return `Decided by ${merchant.decidedBy.name} on ${formatDateTime(merchant.decidedAt)}`;
  if (merchant.decidedAt && latest?.scorecard) {
    return `Decided automatically by scorecard v${latest.scorecard.version} on ${formatDateTime(merchant.decidedAt)}`;
  }
  return 'No decision recorded yet';
}

type Props = { merchant: MerchantDetail; editable: boolean };

/**
 * The underwriting tab's decision (docs/decisions/098): the merchant's decision and reason as the
 * list shows them, every decision recorded with its reason code, and "Record decision", which
 * moves the merchant to the stage its pipeline maps the decision to.
 */
export function DecisionCard({ merchant, editable }: Props) {
  const [open, setOpen] = useState(false);
  const { data } = useListMerchantDecisionsQuery(merchant.id);
  const decisions = data?.decisions ?? [];
  return (
    <Card variant="outlined">
      <CardHeader
        title="Decision"
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        action={
          editable ? (
            <Button variant="contained" onClick={() => setOpen(true)}>
              Record decision
            </Button>
          ) : undefined
        }
      />
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Chip
            label={UNDERWRITING_DECISION_LABELS[merchant.underwritingDecision]}
            color={COLORS[merchant.underwritingDecision]}
          />
          <Typography>{merchant.underwritingReason}</Typography>
        </Stack>
        <Typography color="text.secondary" variant="body2">
          {decidedLine(merchant, decisions[0])}
        </Typography>
        {decisions.length > 0 && (
          <List dense aria-label="Decisions recorded">
            {decisions.map((d) => (
              <ListItem key={d.id} disableGutters>
                <ListItemText
                  primary={`${DECISION_OUTCOME_LABELS[d.decision]} · ${d.reasonCode.code} ${d.reasonCode.label}${
                    d.toStage ? ` → ${d.toStage.name}` : ''
                  }`}
                  secondary={`${decidedByText(d)}, ${formatDateTime(d.decidedAt)}${d.note ? ` — ${d.note}` : ''}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      {open && <RecordDecisionDialog merchant={merchant} onClose={() => setOpen(false)} />}
    </Card>
  );
}

function RecordDecisionDialog({ merchant, onClose }: { merchant: MerchantDetail; onClose: () => void }) {
  const [record, { isLoading }] = useRecordDecisionMutation();
  const [decision, setDecision] = useState<DecisionOutcome>('approved');
  const [reasonCodeId, setReasonCodeId] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [failure, setFailure] = useState<string>();
  const save = async () => {
    if (!reasonCodeId) return setErrors({ reasonCodeId: ['Choose a reason'] });
    setErrors({});
    setFailure(undefined);
    try {
      const trimmed = note.trim();
      const saved = await record({
        id: merchant.id,
        decision,
        reasonCodeId,
        updatedAt: merchant.updatedAt,
        ...(trimmed ? { note: trimmed } : {}),
      }).unwrap();
      notifySuccess(
        saved.stageId === merchant.stageId
          ? `Decision recorded: ${DECISION_OUTCOME_LABELS[decision]}`
          : `Decision recorded: ${DECISION_OUTCOME_LABELS[decision]}, moved to ${saved.stage.name}`,
      );
      onClose();
    } catch (error) {
      setErrors(problemFieldErrors(error));
      setFailure(errorMessage(error, 'The decision could not be recorded.'));
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Record decision</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Decision"
            value={decision}
            onChange={(event) => setDecision(event.target.value as DecisionOutcome)}
            size="small"
            error={Boolean(errors.decision)}
            helperText={errors.decision?.[0]}
          >
            {DECISION_OUTCOMES.map((value) => (
              <MenuItem key={value} value={value}>
                {DECISION_OUTCOME_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <ReasonSelect value={reasonCodeId} onChange={setReasonCodeId} error={errors.reasonCodeId?.[0]} />
          <TextField
            label="Note (optional)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
            size="small"
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" loading={isLoading} onClick={() => void save()}>
          Record
        </Button>
      </DialogActions>
    </Dialog>
  );
}
