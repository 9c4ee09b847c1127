const HOUR = 3_600_000;

export type StageAge = { days: number; hours: number; overdue: boolean; text: string };

/**
 * How long a merchant has been in its stage, against the stage's SLA (hours; null for none). The
 * time waiting on the merchant (`pausedSeconds`, docs/decisions/108) does not count against it.
 */
export function stageAge(
  enteredAt: string,
  slaHours: number | null,
  now: number = Date.now(),
  pausedSeconds = 0,
): StageAge {
  const hours = Math.max(0, (now - Date.parse(enteredAt)) / HOUR);
  const days = Math.floor(hours / 24);
  const overdue = slaHours !== null && hours - pausedSeconds / 3600 > slaHours;
  const inStage = `${days} ${days === 1 ? 'day' : 'days'} in stage`;
  const sla = slaHours === null ? '' : ` of ${formatSla(slaHours)} allowed`;
  return { days, hours, overdue, text: `${inStage}${sla}${overdue ? ' — overdue' : ''}` };
}

function formatSla(hours: number): string {
  if (hours % 24 === 0) return `${hours / 24} ${hours === 24 ? 'day' : 'days'}`;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
