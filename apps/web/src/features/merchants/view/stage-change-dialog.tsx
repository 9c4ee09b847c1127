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
} from '@mui/material';
import { useState } from 'react';
import { notifySuccess } from '../../../components/form/notify.ts';
import { errorMessage, errorStatus } from '../../../lib/problem.ts';
import { useChangeMerchantStageMutation } from '../../../entities/merchants/list-api.ts';
import { useMerchantStageOptionsQuery } from './merchant-options-api.ts';

export const STALE_MESSAGE = 'Someone changed this merchant meanwhile. Reload it to see their change, then try again.';

type Props = { merchant: MerchantDetail; onClose: () => void; onReload: () => void };

/** Moves the merchant to another active stage, pipeline by pipeline (the stage route, with updatedAt). */
export function StageChangeDialog({ merchant, onClose, onReload }: Props) {
  const { data: stages = [] } = useMerchantStageOptionsQuery();
  const [change, { isLoading }] = useChangeMerchantStageMutation();
  const [failure, setFailure] = useState<{ stale: boolean; message: string }>();
  const choose = async (stageId: string, name: string) => {
    if (stageId === merchant.stageId) return onClose();
    setFailure(undefined);
    try {
      await change({ id: merchant.id, stageId, updatedAt: merchant.updatedAt }).unwrap();
      notifySuccess(`Moved to ${name}`);
      onClose();
    } catch (error) {
      const stale = errorStatus(error) === 409;
      setFailure({ stale, message: stale ? STALE_MESSAGE : errorMessage(error, 'The stage could not be changed.') });
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Change stage</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
