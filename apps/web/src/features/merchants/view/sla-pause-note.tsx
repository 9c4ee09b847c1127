import type { SlaPause } from '@boardwalk/shared/schemas/application';
import { Typography } from '@mui/material';
import { formatDateTime } from '../../../lib/format-date.ts';

/** "3 d 4 h": the waiting time at a glance (whole hours; days from 48 hours). */
export function formatWaiting(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  if (hours < 1) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/**
 * Beside the time in stage: the SLA clock stops while the merchant holds the application
 * (docs/decisions/108), so say so while it waits, and how long this stay waited in all.
 */
export function SlaPauseNote({ pause }: { pause: SlaPause | undefined }) {
  if (!pause || (pause.pausedSeconds === 0 && pause.waitingSince === null)) return null;
  return (
    <>
      {pause.waitingSince !== null && (
        <Typography variant="body2" color="info.main">
          SLA paused: waiting on merchant since {formatDateTime(pause.waitingSince)}
        </Typography>
      )}
      {pause.pausedSeconds > 0 && (
        <Typography variant="body2" color="text.secondary">
          Waiting on merchant: {formatWaiting(pause.pausedSeconds)} in this stage, not counted against the SLA
        </Typography>
      )}
    </>
  );
}
