import type { FunnelReport, TimeInStageReport } from '@boardwalk/shared/schemas/report';
import { describe, expect, it } from 'vitest';
import { funnelTable, timeInStageTable } from './stage-reports.tsx';

const meta = {
  range: { from: '2026-02-01', to: '2026-02-28', tz: 'UTC', start: '', end: '' },
  filters: {},
} as unknown as Pick<FunnelReport, 'range' | 'filters'>;
const stage = (name: string, pipeline: 'underwriting' | 'operations', position: number) => ({
  stageId: name,
  name,
  pipeline,
  position,
});

describe('stage report tables', () => {
  it('says where merchants went next, and that they end in a stage none left', () => {
    const report = {
      ...meta,
      stages: [
        {
          ...stage('Approved', 'underwriting', 1),
          entered: 3,
          movedOn: 2,
          next: { stageId: 'b', name: 'Boarding', count: 2 },
          converted: 2,
          conversion: 2 / 3,
        },
        { ...stage('Declined', 'underwriting', 2), entered: 1, movedOn: 0, next: null, converted: 0, conversion: 0 },
      ],
    } as FunnelReport;
    expect(funnelTable(report).rows).toEqual([
      ['Underwriting · Approved', '3', '2', 'Boarding · 100.0%', '2', '66.7%'],
      ['Underwriting · Declined', '1', '0', 'None moved on: merchants end here', '0', '0.0%'],
    ]);
  });

  it('reads time in stage in days and hours', () => {
    const report = {
      ...meta,
      stages: [
        {
          ...stage('Boarding', 'operations', 0),
          count: 4,
          medianHours: 894,
          p90Hours: 1000.4,
          waitingCount: 0,
          waitingHours: 0,
        },
        {
          ...stage('Review', 'underwriting', 1),
          count: 3,
          medianHours: 30,
          p90Hours: 40,
          waitingCount: 2,
          waitingHours: 51,
        },
      ],
    } as TimeInStageReport;
    expect(timeInStageTable(report).rows).toEqual([
      ['Operations · Boarding', '4', '37 d 6 h', '41 d 16 h', '—'],
      ['Underwriting · Review', '3', '1 d 6 h', '1 d 16 h', '2 d 3 h (2 stays)'],
    ]);
  });
});
