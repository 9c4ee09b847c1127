import type { MfaStatus } from '@boardwalk/shared/schemas/mfa';
import { Alert, Button, Card, CardContent, CardHeader, Chip, Skeleton } from '@mui/material';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/problem.ts';

export type MfaStatusCardProps = {
  /** The status query: one's own (profile) or another user's (user edit page). */
  query: { data?: MfaStatus; error?: unknown; isLoading: boolean; refetch: () => unknown };
  /** What the error alert says before the server's reason. */
  failure: string;
  loadingHeight: number;
  /** The card's body once the status is in. */
  children: (status: MfaStatus) => ReactNode;
  /** After the content, e.g. a confirmation dialog. */
  footer?: ReactNode;
};

/** The "Two-factor sign-in" card frame: On/Off chip, loading, an error with Retry, then the body. */
export function MfaStatusCard({ query, failure, loadingHeight, children, footer }: MfaStatusCardProps) {
  const { data: status, error, isLoading, refetch } = query;
  return (
    <Card>
      <CardHeader
        title="Two-factor sign-in"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          status ? (
            <Chip size="small" color={status.enabled ? 'success' : 'default'} label={status.enabled ? 'On' : 'Off'} />
          ) : null
        }
      />
      <CardContent>
        {isLoading ? (
          <Skeleton variant="rectangular" height={loadingHeight} />
        ) : error || !status ? (
          <Alert severity="error" action={<Button onClick={() => void refetch()}>Retry</Button>}>
            {failure} {errorMessage(error)}
          </Alert>
        ) : (
          children(status)
        )}
      </CardContent>
      {footer}
    </Card>
  );
}
