import { addDays, dayStart } from '@boardwalk/shared/calendar';
import { describe, expect, it } from 'vitest';
import { dayPlan } from './merchant-rollups.ts';

const DAY_MS = 86_400_000;

/** Per bucket, what the plan counts for these instants: whole days as the rollup would, pieces as the rows. */
function countByPlan(bounds: Date[], instants: number[]): number[] {
  const plan = dayPlan(bounds);
  const counts = Array.from({ length: bounds.length - 1 }, () => 0);
  for (const t of instants) {
    const bucket = plan.days.get(Math.floor(t / DAY_MS));
    if (bucket !== undefined) counts[bucket]! += 1;
    for (const piece of plan.pieces) {
      if (t < piece.start.getTime() || t >= piece.end.getTime()) continue;
      if (piece.add >= 0) counts[piece.add]! += 1;
      if (piece.sub >= 0) counts[piece.sub]! -= 1;
    }
  }
  return counts;
}

function countDirectly(bounds: Date[], instants: number[]): number[] {
  return bounds
    .slice(0, -1)
    .map((b, i) => instants.filter((t) => t >= b.getTime() && t < bounds[i + 1]!.getTime()).length);
}

describe('dayPlan', () => {
  it('counts each bucket of zone days exactly, whole UTC days from the rollup and the cut days from the rows', () => {
    const instants: number[] = [];
    for (let t = Date.UTC(2025, 11, 20); t < Date.UTC(2026, 4, 10); t += 1_234_567) instants.push(t);
    for (const tz of [
      'UTC',
      'Europe/Berlin',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'America/St_Johns',
      'Pacific/Chatham',
      'Europe/London',
    ]) {
      for (const [from, days, step] of [
        ['2026-01-01', 120, 7],
        ['2026-03-29', 1, 1],
        ['2026-01-03', 90, 30],
        ['2026-03-28', 3, 1],
      ] as const) {
        const starts = Array.from({ length: Math.ceil(days / step) }, (_, i) => addDays(from, i * step));
        const bounds = [...starts.map((d) => dayStart(d, tz)), dayStart(addDays(from, days), tz)];
        expect(countByPlan(bounds, instants), `${tz} ${from} ${days}/${step}`).toEqual(countDirectly(bounds, instants));
      }
    }
  });

  it('reads no rows for buckets on UTC day boundaries, and at most half a day per cut', () => {
    const utc = dayPlan([
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-01-08T00:00:00Z'),
      new Date('2026-01-15T00:00:00Z'),
    ]);
    expect(utc.pieces).toEqual([]);
    expect(utc.days.size).toBe(14);
    const berlin = dayPlan([new Date('2025-12-31T23:00:00Z'), new Date('2026-01-07T23:00:00Z')]);
    expect(berlin.pieces.map((p) => p.end.getTime() - p.start.getTime())).toEqual([3_600_000, 3_600_000]);
  });
});
