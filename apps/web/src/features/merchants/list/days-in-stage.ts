const HOUR_MS = 3_600_000;

export type StageAge = {
  /** Whole days since the merchant entered its stage. */
  days: number;
  /** The stage's SLA in days (rounded up), or undefined when the stage has none. */
  slaDays: number | undefined;
  /** Longer in the stage than its SLA allows. */
  overdue: boolean;
  /** "4 d of 3 d (overdue)", "2 d of 5 d", "12 d". */
  label: string;
};

/** How long a merchant has been in its stage, against the stage's SLA (in hours). */
export function stageAge(stageEnteredAt: string, slaHours: number | null, now = Date.now()): StageAge {
  const entered = new Date(stageEnteredAt).getTime();
  const hours = Number.isNaN(entered) ? 0 : Math.max(0, (now - entered) / HOUR_MS);
  const days = Math.floor(hours / 24);
  if (!slaHours) return { days, slaDays: undefined, overdue: false, label: `${days} d` };
  const slaDays = Math.ceil(slaHours / 24);
  const overdue = hours > slaHours;
  return { days, slaDays, overdue, label: `${days} d of ${slaDays} d${overdue ? ' (overdue)' : ''}` };
}
