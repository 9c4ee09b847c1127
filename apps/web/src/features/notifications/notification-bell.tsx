import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { NOTIFICATION_POLL_MS, NOTIFICATION_SUBJECT } from '@boardwalk/shared/notification-kinds';
import { lazy, Suspense, useId, useState } from 'react';
import { useAppAbility } from '../../lib/ability.tsx';
import { useUnreadNotificationsQuery } from '../../entities/notifications/api.ts';

/** Loaded on first open: the frame carries only the bell and its count (the transfer budgets). */
const NotificationPanel = lazy(async () => ({ default: (await import('./notification-panel.tsx')).NotificationPanel }));

/** The badge's largest count; past it the badge shows "99+". */
const MAX_SHOWN = 99;

/** The top bar's bell, for those who have notifications (staff; agents have none). */

export function NotificationBell() {
  return useAppAbility().can('read', NOTIFICATION_SUBJECT) ? <Bell /> : null;
}

/**
 * The unread count, asked for every NOTIFICATION_POLL_MS while the tab is visible and again when
 * it comes back into focus (docs/decisions/109: polling, not server-sent events).
 */
function Bell() {
  const { data } = useUnreadNotificationsQuery(undefined, {
    pollingInterval: NOTIFICATION_POLL_MS,
    skipPollingIfUnfocused: true,
    refetchOnFocus: true,
  });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  const unread = data?.unread ?? 0;
  // The name says what the badge shows ("99+" past 99), so the visible text is part of the name.
  const shown = unread > MAX_SHOWN ? `${MAX_SHOWN}+` : String(unread);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unread > 0 ? `Notifications, ${shown} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? panelId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* No badge at all at zero: a hidden "0" would still be text inside the button. */}
        {unread > 0 ? (
          <Badge badgeContent={unread} color="error" max={MAX_SHOWN}>
            <NotificationsOutlined />
          </Badge>
        ) : (
          <NotificationsOutlined />
        )}
      </IconButton>
      {anchor ? (
        <Suspense fallback={null}>
          <NotificationPanel
            id={panelId}
            anchor={anchor}
            latestId={data?.latestId ?? null}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
