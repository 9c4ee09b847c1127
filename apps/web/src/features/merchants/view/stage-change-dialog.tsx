import type { MerchantDetail } from '@boardwalk/shared/schemas/merchant';
import { PIPELINE_LABELS, PIPELINES } from '@boardwalk/shared/schemas/stage';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { notifySuccess } from '../../../components/form/notify.ts';
import { errorMessage, errorStatus } from '../../../lib/problem.ts';
import {
  useChangeMerchantStageMutation,
  usePreviewMerchantStageMutation,
} from '../../../entities/merchants/list-api.ts';
import { useMerchantStageOptionsQuery } from './merchant-options-api.ts';
import { reachesOutside, StageChangePlan } from './stage-change-plan.tsx';
import { ReasonSelect, useStageDecision } from '../decision/decision-reason.tsx';
import { DECISION_OUTCOME_LABELS, type DecisionOutcome } from '@boardwalk/shared/schemas/underwriting';

export const STALE_MESSAGE = 'Someone changed this merchant meanwhile. Reload it to see their change, then try again.';

type Props = { merchant: MerchantDetail; onClose: () => void; onReload: () => void };

type Pending = { stageId: string; name: string; plan: Parameters<typeof StageChangePlan>[0]['actions'] };
type Asking = { stageId: string; name: string; decision: DecisionOutcome };

/**
 * Moves the merchant to another active stage, pipeline by pipeline (the stage route, with
 * updatedAt), with an optional note kept on the timeline. A stage whose entry would reach outside
 * (emails, SMS, webhooks, by its actions or automations) is not entered at once: the dialog lists
 * what would go out and asks to confirm.
 */
export function StageChangeDialog({ merchant, onClose, onReload }: Props) {
  const { data: stages = [] } = useMerchantStageOptionsQuery();
  const [change, { isLoading: moving }] = useChangeMerchantStageMutation();
  const [preview, { isLoading: previewing }] = usePreviewMerchantStageMutation();
  const [failure, setFailure] = useState<{ stale: boolean; message: string }>();
  const [note, setNote] = useState('');
  const [pending, setPending] = useState<Pending>();
  // A stage that carries a decision asks for its reason first (docs/decisions/098).
  const decisionOf = useStageDecision();
  const [asking, setAsking] = useState<Asking>();
  const [reasonCodeId, setReasonCodeId] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const isLoading = moving || previewing;
  const move = async (stageId: string, name: string) => {
    setFailure(undefined);
    try {
      const trimmed = note.trim();
      await change({
        id: merchant.id,
        stageId,
        updatedAt: merchant.updatedAt,
        ...(trimmed ? { note: trimmed } : {}),
        ...(asking?.stageId === stageId && reasonCodeId ? { reasonCodeId } : {}),
      }).unwrap();
      notifySuccess(`Moved to ${name}`);
      onClose();
    } catch (error) {
      const stale = errorStatus(error) === 409;
      setPending(undefined);
      setFailure({ stale, message: stale ? STALE_MESSAGE : errorMessage(error, 'The stage could not be changed.') });
    }
  };
  const choose = async (stageId: string, name: string) => {
    if (stageId === merchant.stageId) return onClose();
    setFailure(undefined);
    const decision = decisionOf(stageId, merchant.pipeline);
    if (decision && asking?.stageId !== stageId) {
      setAsking({ stageId, name, decision });
      return;
    }
    if (decision && !reasonCodeId) {
      setReasonError('Choose a reason');
      return;
    }
    let plan: Pending['plan'];
    try {
      plan = (await preview({ id: merchant.id, stageId }).unwrap()).actions;
    } catch (error) {
      setFailure({
        stale: false,
        message: errorMessage(error, 'What this change would set off could not be checked.'),
      });
      return;
    }
    if (reachesOutside(plan)) setPending({ stageId, name, plan });
    else await move(stageId, name);
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{pending || asking ? `Move to ${(pending ?? asking)!.name}?` : 'Change stage'}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {pending && <StageChangePlan stageName={pending.name} actions={pending.plan} />}
        {asking && !pending && (
          <Box sx={{ px: 2, pt: 2 }}>
            <Alert severity="info" sx={{ mb: 2 }}>
              {`Entering ${asking.name} records the decision ${DECISION_OUTCOME_LABELS[asking.decision]}. Choose the reason.`}
            </Alert>
            <ReasonSelect
              value={reasonCodeId}
              onChange={(id) => {
                setReasonCodeId(id);
                setReasonError(undefined);
              }}
              error={reasonError}
            />
          </Box>
        )}
        <TextField
          label="Note for the timeline (optional)"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={1}
          maxRows={4}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          sx={{ px: 2, pt: 2, pb: pending ? 2 : 0, boxSizing: 'border-box' }}
        />
        {failure && (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              failure.stale ? (
                <Button color="inherit" onClick={onReload}>
                  Reload
                </Button>
              ) : undefined
            }
          >
            {failure.message}
          </Alert>
        )}
        {!pending && !asking && (
          <List dense aria-label="Stages">
            {PIPELINES.map((pipeline) => {
              const inPipeline = stages
                .filter((s) => s.pipeline === pipeline && s.isActive && s.deletedAt === null)
                .sort((a, b) => a.position - b.position);
              if (inPipeline.length === 0) return null;
              return (
                <Box component="li" key={pipeline} sx={{ listStyle: 'none' }}>
                  <List dense disablePadding aria-label={PIPELINE_LABELS[pipeline]}>
                    <ListSubheader>{PIPELINE_LABELS[pipeline]}</ListSubheader>
                    {inPipeline.map((stage) => (
                      <ListItemButton
                        key={stage.id}
                        selected={stage.id === merchant.stageId}
                        disabled={isLoading}
                        onClick={() => void choose(stage.id, stage.name)}
                      >
                        <Box
                          aria-hidden
                          sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: stage.color, mr: 1.5 }}
                        />
                        <ListItemText primary={stage.name} />
                      </ListItemButton>
                    ))}
                  </List>
                </Box>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {pending ? (
          <>
            <Button onClick={() => setPending(undefined)} disabled={isLoading}>
              Back
            </Button>
            <Button variant="contained" loading={moving} onClick={() => void move(pending.stageId, pending.name)}>
              Move and send
            </Button>
          </>
        ) : asking ? (
          <>
            <Button onClick={() => setAsking(undefined)} disabled={isLoading}>
              Back
            </Button>
            <Button variant="contained" loading={isLoading} onClick={() => void choose(asking.stageId, asking.name)}>
              Record and move
            </Button>
          </>
        ) : (
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
