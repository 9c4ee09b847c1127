import { DECISION_OUTCOME_LABELS, type DecisionOutcome } from '@boardwalk/shared/schemas/underwriting';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useCallback, useState } from 'react';
import { useGetDecisionStagesQuery } from '../../../entities/underwriting/api.ts';
import { useReasonCodeMenuItems } from '../../../entities/underwriting/reason-code-menu.tsx';
import { useAppAbility } from '../../../lib/ability.tsx';

/**
 * The decision a stage carries (docs/decisions/098): entering it needs a reason. The merchant's
 * own pipeline's line first, as the server reads it.
 */
export function useStageDecision() {
  // Only someone who moves merchants asks: an agent's board shows their cards and moves none (decision 117).
  const moves = useAppAbility().can('update', 'merchant');
  const { data } = useGetDecisionStagesQuery(undefined, { skip: !moves });
  return useCallback(
    (stageId: string, fromPipeline?: string): DecisionOutcome | null => {
      const lines = (data?.mappings ?? []).filter((l) => l.stageId === stageId);
      return (lines.find((l) => l.pipeline === fromPipeline) ?? lines[0])?.decision ?? null;
    },
    [data],
  );
}

type ReasonSelectProps = { value: string; onChange: (id: string) => void; error?: string | undefined };

/** The active reason codes, grouped by kind. */
export function ReasonSelect({ value, onChange, error }: ReasonSelectProps) {
  const items = useReasonCodeMenuItems();
  return (
    <TextField
      select
      label="Reason"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? (items.length === 0 ? 'No reason codes yet: an admin adds them under Reason Codes' : ' ')}
      fullWidth
      size="small"
    >
      {items}
    </TextField>
  );
}

export type StageReason = { reasonCodeId: string; note: string };

type ReasonDialogProps = {
  stageName: string;
  decision: DecisionOutcome;
  /** How many merchants move (bulk); one when unset. */
  count?: number;
  onConfirm: (reason: StageReason) => void;
  onCancel: () => void;
};

/** Asks for the reason before a move into a stage that carries a decision (board drop, bulk). */
export function ReasonDialog({ stageName, decision, count, onConfirm, onCancel }: ReasonDialogProps) {
  const [reasonCodeId, setReasonCodeId] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const confirm = () => {
    if (!reasonCodeId) return setError('Choose a reason');
    onConfirm({ reasonCodeId, note: note.trim() });
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs">
      <DialogTitle>{`Move to ${stageName}?`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {`Entering ${stageName} records the decision ${DECISION_OUTCOME_LABELS[decision]}`}
            {count && count > 1 ? ` for ${count} merchants` : ''}. Choose the reason.
          </DialogContentText>
          <ReasonSelect value={reasonCodeId} onChange={setReasonCodeId} error={error} />
          <TextField
            label="Note (optional)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
            size="small"
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={confirm}>
          Record and move
        </Button>
      </DialogActions>
    </Dialog>
  );
}
