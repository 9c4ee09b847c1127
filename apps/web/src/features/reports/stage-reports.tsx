import { PIPELINE_LABELS } from '@boardwalk/shared/schemas/stage';
import type { FunnelReport, SlaBreachesReport, TimeInStageReport } from '@boardwalk/shared/schemas/report';
import { BarChart } from '@mui/x-charts/BarChart';
import {
  useFunnelReportQuery,
  useSlaBreachesReportQuery,
  useTimeInStageReportQuery,
  type ReportParams,
} from '../../entities/reports/api.ts';
import { ReportCard } from './report-card.tsx';
import { formatCount, formatDuration, formatPercent } from './report-format.ts';
import type { ReportTableData } from './report-table.tsx';

type Range = { from: string; to: string };
const toDays = (hours: number | null) => (hours ?? 0) / 24;
const durationOfDays = (days: number | null) => formatDuration(days === null ? null : days * 24);
const stageLabel = (s: { pipeline: keyof typeof PIPELINE_LABELS; name: string }) =>
  `${PIPELINE_LABELS[s.pipeline]} · ${s.name}`;

/** Where a stage's stays went next, in words: the main next stage, or that merchants end there. */
function wentNext(s: FunnelReport['stages'][number]): string {
  if (s.next) return `${s.next.name} · ${formatPercent(s.next.count / s.movedOn)}`;
  // No stay moved on: the end of the flow, a closed pipeline, or a stage like Declined.
  return 'None moved on: merchants end here';
}

export function funnelTable(report: FunnelReport): ReportTableData {
  return {
    columns: [
      { label: 'Stage' },
      { label: 'Entered', numeric: true },
      { label: 'Moved on', numeric: true },
      { label: 'Mostly went to' },
      { label: 'Converted', numeric: true },
      { label: 'Conversion', numeric: true },
    ],
    rows: report.stages
      .filter((s) => s.entered > 0)
      .map((s) => [
        stageLabel(s),
        formatCount(s.entered),
        formatCount(s.movedOn),
        wentNext(s),
        s.converted === null ? '—' : formatCount(s.converted),
        formatPercent(s.conversion),
      ]),
  };
}

export function FunnelReportCard({ params, range }: { params: ReportParams; range: Range }) {
  const query = useFunnelReportQuery(params);
  const data = query.data;
  const table = data ? funnelTable(data) : null;
  const shown = data?.stages.filter((s) => s.entered > 0) ?? [];
  return (
    <ReportCard
      title="Funnel"
      description="Entries into each stage in the range (a merchant that comes back counts again), where they went next before the range ended, and how many moved on to a later stage of the flow (the conversion)."
      fileBase="funnel"
      range={range}
      state={query}
      table={table}
      empty="No merchant entered a stage in this range."
      chart={
        <BarChart
          height={Math.max(200, shown.length * 36 + 60)}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: shown.map(stageLabel), width: 180 }]}
          xAxis={[{ label: 'Entries', valueFormatter: (n: number) => formatCount(n) }]}
          series={[{ data: shown.map((s) => s.entered), label: 'Entered' }]}
          hideLegend
        />
      }
    />
  );
}

export function timeInStageTable(report: TimeInStageReport): ReportTableData {
  return {
    columns: [
      { label: 'Stage' },
      { label: 'Stays ended', numeric: true },
      { label: 'Median', numeric: true },
      { label: '90th percentile', numeric: true },
      { label: 'Waiting on merchant', numeric: true },
    ],
    rows: report.stages
      .filter((s) => s.count > 0)
      .map((s) => [
        stageLabel(s),
        formatCount(s.count),
        formatDuration(s.medianHours),
        formatDuration(s.p90Hours),
        // Shown on its own: the median and percentile already leave it out (docs/decisions/114).
        s.waitingCount > 0
          ? `${formatDuration(s.waitingHours)} (${formatCount(s.waitingCount)} ${s.waitingCount === 1 ? 'stay' : 'stays'})`
          : '—',
      ]),
  };
}

export function TimeInStageReportCard({ params, range }: { params: ReportParams; range: Range }) {
  const query = useTimeInStageReportQuery(params);
  const shown = query.data?.stages.filter((s) => s.count > 0) ?? [];
  return (
    <ReportCard
      title="Time in stage"
      description="How long merchants stayed in each stage, over the stays that ended in the range (the chart in days), without the time spent waiting on the merchant, which is shown on its own."
      fileBase="time-in-stage"
      range={range}
      state={query}
      table={query.data ? timeInStageTable(query.data) : null}
      empty="No merchant left a stage in this range."
      chart={
        <BarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: shown.map((s) => s.name), label: 'Stage' }]}
          yAxis={[{ label: 'Days', valueFormatter: (days: number) => formatCount(days) }]}
          series={[
            { data: shown.map((s) => toDays(s.medianHours)), label: 'Median', valueFormatter: durationOfDays },
            { data: shown.map((s) => toDays(s.p90Hours)), label: '90th percentile', valueFormatter: durationOfDays },
          ]}
        />
      }
    />
  );
}

export function slaTable(report: SlaBreachesReport): ReportTableData {
  return {
    columns: [
      { label: 'Stage' },
      { label: 'SLA hours', numeric: true },
      { label: 'Entered', numeric: true },
      { label: 'Breached', numeric: true },
      { label: 'Breach rate', numeric: true },
      { label: 'Over SLA now', numeric: true },
    ],
    rows: report.stages.map((s) => [
      stageLabel(s),
      formatCount(s.slaHours),
      formatCount(s.entered),
      formatCount(s.breached),
      formatPercent(s.breachRate),
      formatCount(s.overSlaNow),
    ]),
  };
}

export function SlaReportCard({ params, range }: { params: ReportParams; range: Range }) {
  const query = useSlaBreachesReportQuery(params);
  const stages = query.data?.stages ?? [];
  return (
    <ReportCard
      title="SLA breaches"
      description="Per stage with an SLA: stays begun in the range that lasted longer than it, and merchants over it now."
      fileBase="sla-breaches"
      range={range}
      state={query}
      table={query.data ? slaTable(query.data) : null}
      empty="No stage has an SLA. Set one on the stage's settings."
      chart={
        <BarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: stages.map((s) => s.name) }]}
          series={[
            { data: stages.map((s) => s.entered), label: 'Entered' },
            { data: stages.map((s) => s.breached), label: 'Breached' },
          ]}
        />
      }
    />
  );
}
