import {
  TOKEN_GRACE_LABELS,
  TOKEN_GRACE_MINUTES,
  type ApiToken,
  type ApiTokenWithSecret,
} from '@boardwalk/shared/schemas/api-token';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../lib/problem.ts';
import { useRotateApiTokenMutation } from '../../entities/api-tokens/api.ts';

/** A new secret for the token; the old one keeps working for the grace period chosen. */
export function RotateTokenDialog({
  token,
  onClose,
  onRotated,
}: {
  token: ApiToken;
  onClose: () => void;
  onRotated: (token: ApiTokenWithSecret) => void;
}) {
  const [rotate, { isLoading, error }] = useRotateApiTokenMutation();
  const [grace, setGrace] = useState<number>(60);
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Rotate “{token.name}”</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          A new secret replaces {token.prefix}…. Give the systems that use it time to switch.
        </DialogContentText>
        <TextField
          select
          fullWidth
          label="Old secret keeps working for"
          value={grace}
          onChange={(e) => setGrace(Number(e.target.value))}
        >
          {TOKEN_GRACE_MINUTES.map((minutes) => (
            <MenuItem key={minutes} value={minutes}>
              {TOKEN_GRACE_LABELS[minutes]}
            </MenuItem>
          ))}
        </TextField>
        {error !== undefined && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button
          variant="contained"
          loading={isLoading}
          onClick={async () => {
            const result = await rotate({ id: token.id, graceMinutes: grace });
            if ('data' in result && result.data) onRotated(result.data);
          }}
        >
          Rotate
        </Button>
      </DialogActions>
    </Dialog>
  );
}
