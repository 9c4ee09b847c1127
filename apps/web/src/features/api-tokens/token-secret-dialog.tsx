import type { ApiTokenWithSecret } from '@boardwalk/shared';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';

/**
 * The secret of a token just created or rotated, shown this once (only its sha-256 is kept):
 * a read-only field to select, and a copy button.
 */
export function TokenSecretDialog({ token, onClose }: { token: ApiTokenWithSecret; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-describedby="token-secret-warning">
      <DialogTitle>Token “{token.name}” created</DialogTitle>
      <DialogContent>
        <Alert severity="warning" id="token-secret-warning" sx={{ mb: 2 }}>
          Copy the secret now: it is not shown again. Send it as <code>Authorization: Bearer …</code>.
        </Alert>
        <TextField
          fullWidth
          label="Secret"
          value={token.secret}
          onFocus={(event) => event.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={copied ? 'Copied' : 'Copy'}>
                    <IconButton aria-label="Copy the secret" onClick={() => void copy()} edge="end">
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
          helperText={copied ? 'Copied to the clipboard.' : ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
