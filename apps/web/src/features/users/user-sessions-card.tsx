import { useMemo, useState } from 'react';
import LogoutIcon from '@mui/icons-material/Logout';
import { Alert, Button, Card, CardContent, CardHeader, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { User, UserSession } from '@boardwalk/shared/schemas/user';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.tsx';
import { useBoundedPage, type BoundedListOptions } from '../../components/data-table/bounded-list.ts';
import { dateTimeColumn } from '../../components/data-table/cells.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useListLocalState } from '../../components/data-table/list-local-state.ts';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import { errorMessage } from '../../lib/problem.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import {
  useEndAllUserSessionsMutation,
  useEndUserSessionMutation,
  useListUserSessionsQuery,
} from '../../entities/users/api.ts';
import { userName } from './user-labels.ts';

const deviceOf = (session: UserSession) => describeUserAgent(session.userAgent) ?? 'Unknown device';

/** The API answers every open session: searched by device and address, sorted and paged here. */
const SESSION_LIST: BoundedListOptions<UserSession> = {
  searchText: (session) => `${deviceOf(session)} ${session.ip ?? ''}`,
  sortValue: (session, field) => (field === 'device' ? deviceOf(session) : session[field as keyof UserSession]),
};

/** Runs an end-session call: a toast either way; true when it worked. */
async function run(action: () => Promise<unknown>, success: string) {
  try {
    await action();
    notifySuccess(success);
    return true;
  } catch (error) {
    notifyError(errorMessage(error));
    return false;
  }
}

function sessionColumns(onEnd: ((session: UserSession) => void) | undefined): GridColDef<UserSession>[] {
  const columns: GridColDef<UserSession>[] = [
    {
      field: 'device',
      headerName: 'Device',
      flex: 1,
      minWidth: 200,
      valueGetter: (_value, session) => deviceOf(session),
      // The raw user agent stays a hover away; the grid shows the browser and system.
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
          <Typography variant="body2" noWrap title={row.userAgent ?? undefined}>
            {deviceOf(row)}
          </Typography>
          {row.current && <Chip size="small" color="primary" variant="outlined" label="This session" />}
        </Stack>
      ),
    },
    { field: 'ip', headerName: 'IP address', width: 140, valueGetter: (_value, session) => session.ip ?? '—' },
    dateTimeColumn<UserSession>('lastSeenAt', 'Last active'),
    dateTimeColumn<UserSession>('createdAt', 'Signed in'),
  ];
  if (!onEnd) return columns;
  return [
    ...columns,
    {
      field: 'actions',
      type: 'actions',
      headerName: 'Action',
      width: 80,
      getActions: ({ row }) => [
        <GridActionsCellItem
          key="end"
          icon={<LogoutIcon fontSize="small" />}
          label="End session"
          onClick={() => onEnd(row)}
        />,
      ],
    },
  ];
}

/**
 * The user's open sessions, each with "End session", and "End all"; without those buttons when
 * the server would refuse (`refusal`, shown instead).
 */
export function UserSessionsCard({ user, refusal = null }: { user: User; refusal?: string | null }) {
  const sessions = useListUserSessionsQuery(user.id);
  const [endOne] = useEndUserSessionMutation();
  const [endAll, endAllState] = useEndAllUserSessionsMutation();
  const [confirmAll, setConfirmAll] = useState(false);

  const rows = sessions.data ?? [];
  // A card on the user's page: its page and search are not the page's history.
  const list = useListLocalState({ defaultPageSize: 10 });
  const shown = useBoundedPage(sessions.data, list.state, SESSION_LIST);
  const columns = useMemo(
    () =>
      sessionColumns(
        refusal
          ? undefined
          : (session) => void run(() => endOne({ userId: user.id, sessionId: session.id }).unwrap(), 'Session ended'),
      ),
    [refusal, endOne, user.id],
  );

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
          <DataTable<UserSession>
            gridId="user-sessions"
            // DataTable names the grid by the plural: "Open sessions".
            noun={{ singular: 'open session', plural: 'open sessions' }}
            columns={columns}
            rows={shown.rows}
            total={shown.total}
            loading={sessions.isFetching}
            error={sessions.error}
            onRetry={() => void sessions.refetch()}
            list={list}
          />
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
