import type { BaseSyntheticEvent, ReactNode } from 'react';
import { Alert, Button, Card, CardActions, CardContent, CardHeader, Stack } from '@mui/material';

export type FormCardProps = {
  title: string;
  subheader?: string;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  submitting: boolean;
  rootError?: string | undefined;
  submitLabel?: string;
  onCancel?: () => void;
  children: ReactNode;
};

/** A form on a page rather than in a dialog: a card with its fields and a Save button. */
export function FormCard({
  title,
  subheader,
  onSubmit,
  submitting,
  rootError,
  submitLabel = 'Save',
  onCancel,
  children,
}: FormCardProps) {
  return (
    <Card component="form" noValidate onSubmit={onSubmit} aria-label={title}>
      <CardHeader title={title} subheader={subheader} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Stack spacing={2}>
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
    </Card>
  );
}
