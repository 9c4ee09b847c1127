import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationChannels,
  type NotificationKind,
} from '@boardwalk/shared/notification-kinds';
import { errorMessage } from '../../lib/problem.ts';
import { notifyError, notifySuccess } from '../../components/form/notify.ts';
import {
  useNotificationPreferencesQuery,
  useSaveNotificationPreferencesMutation,
} from '../../entities/notifications/api.ts';

const CHANNELS: { key: keyof NotificationChannels; label: string }[] = [
  { key: 'inApp', label: 'In the app' },
  { key: 'email', label: 'By email' },
];

/**
 * One's own notification preferences: for each kind, in the app (the bell) and/or by email. A
 * change is saved as it is made, the whole set at once (the API's PUT).
 */
export function NotificationPreferencesCard() {
  const { data, isLoading, error } = useNotificationPreferencesQuery();
  const [save, saving] = useSaveNotificationPreferencesMutation();
  const toggle = async (kind: NotificationKind, channel: keyof NotificationChannels, on: boolean) => {
    if (!data) return;
    const preferences = { ...data.preferences, [kind]: { ...data.preferences[kind], [channel]: on } };
    try {
      await save({ preferences }).unwrap();
      notifySuccess('Notification preferences saved');
    } catch (failure) {
      notifyError(errorMessage(failure, 'The preferences could not be saved.'));
    }
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        <Typography component="h2" variant="h6" gutterBottom id="notification-preferences">
          Notifications
        </Typography>
        {error ? (
          <Alert severity="error">{errorMessage(error, 'The preferences could not be loaded.')}</Alert>
        ) : isLoading || !data ? (
          <Skeleton height={160} aria-label="Loading notification preferences" />
        ) : (
          <Table size="small" aria-labelledby="notification-preferences">
            <TableHead>
              <TableRow>
                <TableCell>Tell me when</TableCell>
                {CHANNELS.map((c) => (
                  <TableCell key={c.key} align="center">
                    {c.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {NOTIFICATION_KINDS.map((kind) => (
                <TableRow key={kind}>
                  <TableCell component="th" scope="row">
                    {NOTIFICATION_KIND_LABELS[kind]}
                  </TableCell>
                  {CHANNELS.map((c) => (
                    <TableCell key={c.key} align="center" padding="checkbox">
                      <Checkbox
                        checked={data.preferences[kind][c.key]}
                        disabled={saving.isLoading}
                        onChange={(event) => void toggle(kind, c.key, event.target.checked)}
                        slotProps={{
                          input: { 'aria-label': `${NOTIFICATION_KIND_LABELS[kind]}: ${c.label.toLowerCase()}` },
                        }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
