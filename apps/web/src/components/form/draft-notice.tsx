import { Alert, Button } from '@mui/material';
import type { FormDraft } from './use-form-draft.ts';

/** "Unsaved changes restored" with Discard, while a form shows values from an earlier visit. */
export function DraftNotice({ draft }: { draft: FormDraft | undefined }) {
  if (!draft?.restored) return null;
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={draft.discard}>
          Discard
        </Button>
      }
    >
      Unsaved changes restored
    </Alert>
  );
}
