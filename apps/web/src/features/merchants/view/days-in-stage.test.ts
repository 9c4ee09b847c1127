import { describe, expect, it } from 'vitest';
import { stageAge } from './days-in-stage.ts';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

describe('stageAge', () => {
  it('counts whole days in the stage and marks the SLA overdue once its hours are past', () => {
    expect(stageAge('2026-03-09T12:00:00.000Z', 48, NOW)).toMatchObject({
      days: 1,
      overdue: false,
      text: '1 day in stage of 2 days allowed',
    });
    expect(stageAge('2026-03-07T11:00:00.000Z', 48, NOW)).toMatchObject({
      days: 3,
      overdue: true,
      text: '3 days in stage of 2 days allowed — overdue',
    });
    expect(stageAge('2026-03-10T06:00:00.000Z', 5, NOW).text).toBe('0 days in stage of 5 hours allowed — overdue');
  });

  it('has no overdue without an SLA', () => {
    expect(stageAge('2025-03-10T12:00:00.000Z', null, NOW)).toMatchObject({ days: 365, overdue: false });
  });
});
