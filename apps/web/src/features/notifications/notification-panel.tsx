import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { Notification } from '@boardwalk/shared/schemas/notification';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage } from '../../lib/problem.ts';
import {
  useListNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '../../entities/notifications/api.ts';

/** Read by screen readers, not shown: the bold title already says "unread" to the eye. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The newest notifications the panel shows; older ones are rarely looked for from a bell. */
export const PANEL_SIZE = 20;

type Props = { id: string; anchor: HTMLElement; latestId: string | null; onClose: () => void };

/**
 * The bell's list: newest first, unread in bold. Enter or a click marks one read and opens its
 * merchant (or the history page of a failed job). A notification that arrives while it is open
 * (the bell's count names a new latest id) is fetched into it.
 */
export function NotificationPanel({ id, anchor, latestId, onClose }: Props) {
  const list = useListNotificationsQuery({ page: 0, pageSize: PANEL_SIZE }, { refetchOnMountOrArgChange: true });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll, markingAll] = useMarkAllNotificationsReadMutation();
  const navigate = useNavigate();
  const seen = useRef(latestId);
  const { refetch } = list;
  useEffect(() => {
    if (latestId === seen.current) return;
    seen.current = latestId;
    void refetch();
  }, [latestId, refetch]);

  const open = async (n: Notification) => {
    if (!n.readAt) void markRead(n.id);
    onClose();
    if (n.link) await navigate(n.link);
  };
  const items = list.data?.notifications ?? [];
  const unread = list.data?.unread ?? 0;

  return (
    <Popover
      id={id}
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: { role: 'dialog', 'aria-label': 'Notifications', sx: { width: 380, maxWidth: '95vw' } },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          Notifications
        </Typography>
        <Button size="small" disabled={unread === 0 || markingAll.isLoading} onClick={() => void markAll()}>
          Mark all read
        </Button>
      </Box>
      {list.isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={24} aria-label="Loading notifications" />
        </Box>
      ) : list.error ? (
        <Typography role="alert" color="error" sx={{ px: 2, pb: 2 }}>
          {errorMessage(list.error, 'The notifications could not be loaded.')}
        </Typography>
      ) : items.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          No notifications yet.
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Newest notifications" sx={{ maxHeight: 420, overflowY: 'auto' }}>
          {items.map((n) => (
            <ListItemButton
              key={n.id}
              divider
              onClick={() => void open(n)}
              sx={{ alignItems: 'flex-start', bgcolor: n.readAt ? undefined : 'action.hover' }}
            >
              <ListItemText
                primary={
                  <>
                    {n.title}
                    {n.readAt ? null : (
                      <Box component="span" sx={visuallyHidden}>
                        {' (unread)'}
                      </Box>
                    )}
                  </>
                }
                secondary={[n.body, formatDateTime(n.createdAt)].filter(Boolean).join(' · ')}
                slotProps={{ primary: { sx: { fontWeight: n.readAt ? 400 : 600 } } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Popover>
  );
}
