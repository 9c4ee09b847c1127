/**
 * What a user is told about (docs/decisions/109). Without zod, so the web app's first load (the
 * bell in the top bar) can import it.
 */
export const NOTIFICATION_KINDS = ['assigned', 'mentioned', 'sla', 'application', 'job_failed'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  assigned: 'A merchant is assigned to me',
  mentioned: 'Someone mentions me in a note',
  sla: 'A merchant of mine nears or passes its stage’s SLA',
  application: 'An application of my merchant is submitted or signed',
  job_failed: 'A job or automation failed (administrators)',
};

export type NotificationChannels = { inApp: boolean; email: boolean };

/**
 * What a user gets before choosing: everything in the app; by email only what needs one person
 * soon (a mention, an SLA), so assignments in bulk do not flood an inbox, nor does a failing
 * automation, which tells every administrator at each run.
 */
export const NOTIFICATION_DEFAULTS: Record<NotificationKind, NotificationChannels> = {
  assigned: { inApp: true, email: false },
  mentioned: { inApp: true, email: true },
  sla: { inApp: true, email: true },
  application: { inApp: true, email: false },
  job_failed: { inApp: true, email: false },
};

/** The signed-in user's own notifications and preferences; the routes never take another user's id. */
export const NOTIFICATION_SUBJECT = 'notification';

/** How often an open tab asks for the unread count (docs/decisions/109). */
export const NOTIFICATION_POLL_MS = 15_000;
