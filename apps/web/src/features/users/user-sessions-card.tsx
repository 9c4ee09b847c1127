import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { User, UserSession } from '@boardwalk/shared/schemas/user';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage } from '../../lib/problem.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import {
  useEndAllUserSessionsMutation,
  useEndUserSessionMutation,
  useListUserSessionsQuery,
} from '../../entities/users/api.ts';
import { userName } from './user-labels.ts';

/**
 * The user's open sessions, each with "End session", and "End all"; without those buttons when
 * the server would refuse (`refusal`, shown instead).
 */
export function UserSessionsCard({ user, refusal = null }: { user: User; refusal?: string | null }) {
  const sessions = useListUserSessionsQuery(user.id);
  const [endOne, endOneState] = useEndUserSessionMutation();
  const [endAll, endAllState] = useEndAllUserSessionsMutation();
  const [confirmAll, setConfirmAll] = useState(false);

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      notifySuccess(success);
      return true;
    } catch (error) {
      notifyError(errorMessage(error));
      return false;
    }
  };
  const rows = sessions.data ?? [];

  return (
    <Card>
      <CardHeader
        title="Sessions"
        subheader="Where this user is signed in"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          refusal ? null : (
            <Button color="error" disabled={rows.length === 0} onClick={() => setConfirmAll(true)}>
              End all
            </Button>
          )
        }
      />
      <CardContent>
        {refusal ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {refusal}
          </Typography>
        ) : null}
        {sessions.error ? (
          <Alert severity="error" action={<Button onClick={() => void sessions.refetch()}>Retry</Button>}>
            Sessions could not be loaded. {errorMessage(sessions.error)}
          </Alert>
        ) : sessions.isLoading ? (
          <Skeleton variant="rectangular" height={80} />
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">No open sessions.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Open sessions">
              <TableHead>
                <TableRow>
                  <TableCell>Device</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>IP address</TableCell>
                  <TableCell>Last active</TableCell>
                  {refusal ? null : <TableCell align="right">Action</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((session: UserSession) => (
                  <TableRow key={session.id}>
                    <TableCell sx={{ maxWidth: 220 }}>
                      <Typography variant="body2" noWrap title={session.userAgent ?? undefined}>
                        {describeUserAgent(session.userAgent) ?? 'Unknown device'}
                      </Typography>
                      {session.current && <Chip size="small" color="primary" variant="outlined" label="This session" />}
                    </TableCell>
                    <TableCell>{session.ip ?? '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(session.lastSeenAt)}
                      <Typography variant="caption" color="text.secondary" component="div">
                        Signed in {formatDateTime(session.createdAt)}
                      </Typography>
                    </TableCell>
                    {refusal ? null : (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Button
                          size="small"
                          color="error"
                          loading={endOneState.isLoading && endOneState.originalArgs?.sessionId === session.id}
                          onClick={() =>
                            void run(() => endOne({ userId: user.id, sessionId: session.id }).unwrap(), 'Session ended')
                          }
                        >
                          End session
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmAll}
        title="End all sessions?"
        message={`${userName(user)} will be signed out on every device.`}
        confirmLabel="End all"
        busy={endAllState.isLoading}
        onConfirm={() =>
          void run(() => endAll(user.id).unwrap(), 'All sessions ended').then((ok) => ok && setConfirmAll(false))
        }
        onClose={() => setConfirmAll(false)}
      />
    </Card>
  );
}
