import type { MerchantDetail } from '@boardwalk/shared/schemas/merchant';
import { PIPELINE_LABELS } from '@boardwalk/shared/schemas/stage';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../components/form/notify.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { errorMessage } from '../../../lib/problem.ts';
import { AssigneeDialog } from './assignee-dialog.tsx';
import { stageAge } from './days-in-stage.ts';
import { useGetSlaPauseQuery } from '../../../entities/applications/sla-pause-api.ts';
import { useDeleteMerchantMutation, useRestoreMerchantMutation } from '../../../entities/merchants/list-api.ts';
import { SlaPauseNote } from './sla-pause-note.tsx';
import { StageChangeDialog } from './stage-change-dialog.tsx';

type Props = {
  merchant: MerchantDetail;
  mayUpdate: boolean;
  mayDelete: boolean;
  onReload: () => void;
};

/** The view's header: name, stage (changed from here), assignee, agent, time in stage vs SLA, delete/restore. */
export function MerchantHeader({ merchant, mayUpdate, mayDelete, onReload }: Props) {
  const [dialog, setDialog] = useState<'stage' | 'assignee' | 'delete'>();
  const [remove, removal] = useDeleteMerchantMutation();
  const [restore, restoring] = useRestoreMerchantMutation();
  const deleted = merchant.deletedAt !== null;
  const editable = mayUpdate && !deleted;
  const { data: pause } = useGetSlaPauseQuery(merchant.id);
  const age = stageAge(merchant.stageEnteredAt, merchant.stage.slaHours, Date.now(), pause?.pausedSeconds);
  const stageLabel = `${PIPELINE_LABELS[merchant.stage.pipeline]} · ${merchant.stage.name}`;
  const close = () => setDialog(undefined);
  const reload = () => {
    close();
    onReload();
  };

  const onDelete = async () => {
    try {
      await remove(merchant.id).unwrap();
      notifySuccess(`${merchant.dbaName} deleted`);
      close();
    } catch (error) {
      notifyError(errorMessage(error, 'The merchant could not be deleted.'));
    }
  };
  const onRestore = async () => {
    try {
      await restore(merchant.id).unwrap();
      notifySuccess(`${merchant.dbaName} restored`);
    } catch (error) {
      notifyError(errorMessage(error, 'The merchant could not be restored.'));
    }
  };

  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      {deleted && (
        <Alert
          severity="warning"
          action={
            mayDelete ? (
              <Button color="inherit" loading={restoring.isLoading} onClick={() => void onRestore()}>
                Restore
              </Button>
            ) : undefined
          }
        >
          This merchant was deleted on {formatDateTime(merchant.deletedAt)}. Restore it to work on it again.
        </Alert>
      )}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        <Box>
          <Typography variant="h5" component="h1">
            {merchant.dbaName}
          </Typography>
          {merchant.legalName && <Typography color="text.secondary">{merchant.legalName}</Typography>}
        </Box>
        {mayDelete && !deleted && (
          <Button color="error" variant="outlined" onClick={() => setDialog('delete')}>
            Delete
          </Button>
        )}
      </Stack>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            Stage
          </Typography>
          <Chip
            label={stageLabel}
            // The name holds the visible text (WCAG 2.5.3, axe's label-content-name-mismatch).
            aria-label={`Stage: ${stageLabel}${editable ? '. Change stage' : ''}`}
            onClick={editable ? () => setDialog('stage') : undefined}
            sx={{ borderLeft: 6, borderColor: merchant.stage.color }}
          />
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            Time in stage
          </Typography>
          <Typography color={age.overdue ? 'error' : undefined} sx={{ fontWeight: age.overdue ? 600 : undefined }}>
            {age.text}
          </Typography>
          <SlaPauseNote pause={pause} />
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            Assignee
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography>{merchant.assignee?.name ?? 'Nobody'}</Typography>
            {editable && (
              <Button size="small" onClick={() => setDialog('assignee')} aria-label="Change assignee">
                Change
              </Button>
            )}
          </Stack>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            Agent
          </Typography>
          <Typography>{merchant.agent?.name ?? '—'}</Typography>
        </Box>
      </Stack>
      {dialog === 'stage' && <StageChangeDialog merchant={merchant} onClose={close} onReload={reload} />}
      {dialog === 'assignee' && <AssigneeDialog merchant={merchant} onClose={close} onReload={reload} />}
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete this merchant?"
        message={`${merchant.dbaName} leaves the lists. It can be restored from here or from the deleted filter.`}
        busy={removal.isLoading}
        onConfirm={() => void onDelete()}
        onClose={close}
      />
    </Stack>
  );
}
