import type { AssignmentMethod } from '@boardwalk/shared/assignment-methods';

/** One user of a rule's group, as the rule sees them at the moment of the stage change. */
export type Candidate = { id: string; name: string; receivable: boolean; away: boolean; open: number };

export type Pick =
  { chosen: Candidate; cursor: number; reason?: undefined } | { chosen: null; cursor: number; reason: string };

/**
 * Picks from the group in its order, starting at `cursor` (the rule's state), skipping users who
 * cannot receive: suspended or deleted, away today, or holding `capacity` open merchants.
 * Round robin takes the first one it reaches; fewest open takes the one with the fewest open
 * merchants, ties going to the first reached. The cursor moves past the one chosen, so the next
 * entry starts with the next user: nobody gets a second before everyone able has one.
 */
export function pickAssignee(
  method: AssignmentMethod,
  group: Candidate[],
  cursor: number,
  capacity: number | null,
): Pick {
  const n = group.length;
  const start = n === 0 ? 0 : ((cursor % n) + n) % n;
  const order = group.map((_, i) => (start + i) % n);
  const able = order.filter((i) => canReceive(group[i]!, capacity));
  if (able.length === 0) return { chosen: null, cursor, reason: whyNobody(group, capacity) };
  let best = able[0]!;
  if (method === 'fewest_open') {
    for (const i of able) if (group[i]!.open < group[best]!.open) best = i;
  }
  return { chosen: group[best]!, cursor: (best + 1) % n };
}

function canReceive(c: Candidate, capacity: number | null): boolean {
  return c.receivable && !c.away && (capacity === null || c.open < capacity);
}

/** The timeline's reason when no one can receive: each user and why. */
function whyNobody(group: Candidate[], capacity: number | null): string {
  if (group.length === 0) return 'its group has no users';
  const each = group.map((c) => {
    if (!c.receivable) return `${c.name} cannot receive merchants`;
    if (c.away) return `${c.name} is away`;
    return `${c.name} is at capacity (${c.open} of ${capacity} open)`;
  });
  return each.join('; ');
}
