import type { MerchantDetail } from '@boardwalk/shared/schemas/merchant';
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { notifySuccess } from '../../../components/form/notify.ts';
import { errorMessage, errorStatus } from '../../../lib/problem.ts';
import { useAssignMerchantMutation } from '../../../entities/merchants/api.ts';
import { useMerchantAssigneeOptionsQuery } from './merchant-options-api.ts';
import { STALE_MESSAGE } from './stage-change-dialog.tsx';

type Option = { id: string; label: string };
type Props = { merchant: MerchantDetail; onClose: () => void; onReload: () => void };

/** Assigns the merchant to a user, or to nobody (the assignment route, with updatedAt). */
export function AssigneeDialog({ merchant, onClose, onReload }: Props) {
  const { data: users = [], isLoading: loading } = useMerchantAssigneeOptionsQuery();
  const [assign, { isLoading }] = useAssignMerchantMutation();
  const options: Option[] = users
    .filter((u) => u.role !== 'ROLE_AGENT')
    .map((u) => ({ id: u.id, label: u.displayName || `${u.firstName} ${u.lastName}`.trim() || u.email }));
  const [chosen, setChosen] = useState<Option | null>(
    merchant.assignee ? { id: merchant.assignee.id, label: merchant.assignee.name } : null,
  );
  const [failure, setFailure] = useState<{ stale: boolean; message: string }>();
  const save = async () => {
    setFailure(undefined);
    try {
      await assign({ id: merchant.id, assignedUserId: chosen?.id ?? null, updatedAt: merchant.updatedAt }).unwrap();
      notifySuccess(chosen ? `Assigned to ${chosen.label}` : 'Assignee removed');
      onClose();
    } catch (error) {
      const stale = errorStatus(error) === 409;
      setFailure({ stale, message: stale ? STALE_MESSAGE : errorMessage(error, 'The assignee could not be changed.') });
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Change assignee</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
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
        <Autocomplete
          sx={{ mt: 1 }}
          options={options}
          loading={loading}
          value={chosen}
          onChange={(_event, option) => setChosen(option)}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label="Assignee" helperText="Empty for nobody" />}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" loading={isLoading} onClick={() => void save()}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
