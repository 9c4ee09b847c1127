import { Typography } from '@mui/material';
import type { DraftStatus } from './draft-writer.ts';

const TEXT: Record<DraftStatus, string> = {
  idle: 'Your application is kept as a draft as you type',
  saving: 'Saving draft…',
  saved: 'Draft saved',
  stale: 'Draft not saved: changed elsewhere',
  failed: 'The draft could not be saved; it is tried again as you type',
};

/** Where the half-filled application stands on the server (a polite live region). */
export function DraftStatusText({ status }: { status: DraftStatus }) {
  return (
    <Typography
      variant="body2"
      color={status === 'failed' || status === 'stale' ? 'error' : 'text.secondary'}
      role="status"
    >
      {TEXT[status]}
    </Typography>
  );
}
