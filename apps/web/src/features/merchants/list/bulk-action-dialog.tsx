import { ReasonSelect, useStageDecision } from '../decision/decision-reason.tsx';
import { useState } from 'react';
import type { MerchantBulkResult } from '@boardwalk/shared/schemas/merchant';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import type { FilterOption } from '../../../components/data-table/list-filters.tsx';
import { errorMessage } from '../../../lib/problem.ts';
import { merchantCount } from './merchant-count.ts';
import { bulkSummary } from './bulk-summary.ts';
import { useBulkAssignMerchantsMutation, useBulkStageMerchantsMutation } from '../../../entities/merchants/list-api.ts';

export type BulkKind = 'assign' | 'stage';
type Kind = BulkKind;

export type BulkActionDialogProps = {
  /** The action chosen; undefined while the dialog closes. */
  kind: Kind | undefined;
  onClose: () => void;
  ids: string[];
  nameOf: (id: string) => string | undefined;
  assignableUsers: FilterOption[];
  targetStages: FilterOption[];
  /** After the answer: the selection is cleared (the lists refetch through their tag). */
  onDone: () => void;
};

const UNASSIGNED = 'none';

const TEXT: Record<Kind, { title: string; field: string }> = {
  assign: { title: 'Assign merchants', field: 'Assign to' },
  stage: { title: 'Change stage', field: 'New stage' },
};

/**
 * The dialog of a bulk action: choose the target, confirm with the count, read the outcome. Made
 * anew for each opening (its key), so it starts from the action's default target.
 */
export function BulkActionDialog({
  kind,
  onClose,
  ids,
  nameOf,
  assignableUsers,
  targetStages,
  onDone,
}: BulkActionDialogProps) {
  const [target, setTarget] = useState(kind === 'assign' ? UNASSIGNED : '');
  const [summary, setSummary] = useState<{ text: string; failed: boolean }>();
  const [error, setError] = useState<string>();
  const [assign, assigning] = useBulkAssignMerchantsMutation();
  const [stage, staging] = useBulkStageMerchantsMutation();
  // A stage that carries a decision needs its reason (docs/decisions/098).
  const decisionOf = useStageDecision();
  const decision = kind === 'stage' && target ? decisionOf(target) : null;
  const [reasonCodeId, setReasonCodeId] = useState('');
  const busy = assigning.isLoading || staging.isLoading;
  const count = merchantCount(ids.length);

  const close = () => {
    if (!busy) onClose();
  };
  const options = kind === 'stage' ? targetStages : [{ value: UNASSIGNED, label: 'Unassigned' }, ...assignableUsers];
  const targetLabel = options.find((o) => o.value === target)?.label ?? '';
  const confirm = async () => {
    setError(undefined);
    if (decision && !reasonCodeId) return setError('Choose a reason');
    try {
      const result: MerchantBulkResult =
        kind === 'assign'
          ? await assign({ ids, assignedUserId: target === UNASSIGNED ? null : target }).unwrap()
          : await stage({ ids, stageId: target, ...(decision && reasonCodeId ? { reasonCodeId } : {}) }).unwrap();
      setSummary({ text: bulkSummary(result, nameOf), failed: result.results.some((r) => r.outcome === 'failed') });
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Dialog open={kind !== undefined} onClose={close} maxWidth="xs" fullWidth>
      {kind && <DialogTitle>{TEXT[kind].title}</DialogTitle>}
      <DialogContent>
        {summary ? (
          <Alert severity={summary.failed ? 'warning' : 'success'} role="status">
            {summary.text}
          </Alert>
        ) : (
          kind && (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                select
                label={TEXT[kind].field}
                value={target}
                onChange={(event) => setTarget(event.target.value)}
                disabled={busy}
              >
                {options.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
              {decision && <ReasonSelect value={reasonCodeId} onChange={setReasonCodeId} />}
              <DialogContentText>
                {target
                  ? kind === 'assign'
                    ? `${count} will be assigned to ${targetLabel}.`
                    : `${count} will move to ${targetLabel}.`
                  : `Choose where the ${count} go.`}
              </DialogContentText>
              {error && <Alert severity="error">{error}</Alert>}
            </Stack>
          )
        )}
      </DialogContent>
      <DialogActions>
        {summary ? (
          <Button onClick={close} autoFocus>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" disabled={!target} loading={busy} onClick={() => void confirm()}>
              {kind === 'assign' ? `Assign ${count}` : `Move ${count}`}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
