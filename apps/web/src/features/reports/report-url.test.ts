import { describe, expect, it } from 'vitest';
import { tableCsv } from './report-table.tsx';
import { readReportUrl, reportApiParams, reportSearch } from './report-url.ts';

const NOW = new Date('2026-03-05T12:00:00Z');

describe('the /report URL', () => {
  it('reads a preset as its days in the user’s zone, and keeps the filters', () => {
    const state = readReportUrl(new URLSearchParams('preset=lastMonth&agentId=a1&bogus=1'), NOW, 'UTC');
    expect(state).toEqual({ preset: 'lastMonth', from: '2026-02-01', to: '2026-02-28', filters: { agentId: 'a1' } });
    expect(reportApiParams(state, 'Europe/Berlin')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      tz: 'Europe/Berlin',
      agentId: 'a1',
    });
    expect(reportSearch(state).toString()).toBe('preset=lastMonth&agentId=a1');
  });

  it('defaults to this month, and keeps custom days in the URL', () => {
    expect(readReportUrl(new URLSearchParams(''), NOW, 'UTC')).toMatchObject({
      preset: 'thisMonth',
      from: '2026-03-01',
    });
    const custom = readReportUrl(new URLSearchParams('preset=custom&from=2025-01-02&to=2025-02-03'), NOW, 'UTC');
    expect(custom).toMatchObject({ from: '2025-01-02', to: '2025-02-03' });
    expect(reportSearch(custom).toString()).toBe('preset=custom&from=2025-01-02&to=2025-02-03');
  });

  it('uses today in the zone: 23:00 UTC on Feb 28 is already March in Tokyo', () => {
    const late = new Date('2026-02-28T23:00:00Z');
    expect(readReportUrl(new URLSearchParams(''), late, 'UTC').from).toBe('2026-02-01');
    expect(readReportUrl(new URLSearchParams(''), late, 'Asia/Tokyo').from).toBe('2026-03-01');
  });
});

describe('tableCsv', () => {
  it('writes the header and the cells as shown, quoting commas and defusing formulas', () => {
    const csv = tableCsv({
      columns: [{ label: 'Stage' }, { label: 'Entered', numeric: true }],
      rows: [
        ['Sales · Lead', '1,234'],
        ['=cmd()', '—'],
      ],
    });
    expect(csv).toBe('\uFEFFStage,Entered\r\nSales · Lead,"1,234"\r\n\'=cmd(),—\r\n');
  });
});
