import type { BaseSyntheticEvent, ReactNode } from 'react';
import { Alert, Button, Card, CardActions, CardContent, CardHeader, Stack } from '@mui/material';
import { DraftNotice } from './draft-notice.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import type { FormDraft } from './use-form-draft.ts';

export type FormCardProps = {
  title: string;
  subheader?: string;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  submitting: boolean;
  rootError?: string | undefined;
  submitLabel?: string;
  onCancel?: () => void;
  /** Unsaved changes: leaving the page or closing the tab asks first. */
  dirty?: boolean;
  /** The form's draft (use-entity-form): its restored notice, and what leaving forgets. */
  draft?: FormDraft;
  children: ReactNode;
};

/**
 * A form on a page rather than in a dialog: a card with its fields and a Save button. While it
 * has unsaved changes, leaving the page asks "Discard changes?" first.
 */
export function FormCard({
  title,
  subheader,
  onSubmit,
  submitting,
  rootError,
  submitLabel = 'Save',
  onCancel,
  dirty = false,
  draft,
  children,
}: FormCardProps) {
  return (
    <Card component="form" noValidate onSubmit={onSubmit} aria-label={title}>
      <CardHeader title={title} subheader={subheader} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Stack spacing={2}>
          <DraftNotice draft={draft} />
          {children}
          {rootError && <Alert severity="error">{rootError}</Alert>}
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" loading={submitting}>
          {submitLabel}
        </Button>
      </CardActions>
      {dirty && draft ? <LeaveGuard hasChanges={draft.hasChanges} onDiscard={draft.clear} /> : null}
    </Card>
  );
}
