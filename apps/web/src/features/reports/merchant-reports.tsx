import {
  NEW_MERCHANT_INTERVALS,
  PRODUCTION_DIMENSION_LABELS,
  PRODUCTION_DIMENSIONS,
  type DecisionsReport,
  type NewMerchantInterval,
  type NewMerchantsReport,
  type ProductionDimension,
  type ProductionReport,
} from '@boardwalk/shared/schemas/report';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useState } from 'react';
import {
  useDecisionsReportQuery,
  useNewMerchantsReportQuery,
  useProductionReportQuery,
  type ReportParams,
} from '../../entities/reports/api.ts';
import { ReportCard } from './report-card.tsx';
import { formatBucket, formatCount, formatMoney, formatPercent } from './report-format.ts';
import type { ReportTableData } from './report-table.tsx';

type Range = { from: string; to: string };

export function newMerchantsTable(report: NewMerchantsReport): ReportTableData {
  const rows = report.buckets.map((b) => [formatBucket(b.start, report.interval), formatCount(b.count)]);
  return {
    columns: [{ label: report.interval === 'week' ? 'Week from' : 'Month' }, { label: 'New merchants', numeric: true }],
    rows: report.total === 0 ? [] : rows,
  };
}

export function NewMerchantsReportCard({ params, range }: { params: ReportParams; range: Range }) {
  const [interval, setInterval] = useState<NewMerchantInterval>('month');
  const query = useNewMerchantsReportQuery({ ...params, interval });
  const buckets = query.data?.buckets ?? [];
  return (
    <ReportCard
      title="New merchants"
      description="Merchants added per week (from Monday) or per month."
      fileBase={`new-merchants-by-${interval}`}
      range={range}
      state={query}
      table={query.data ? newMerchantsTable(query.data) : null}
      empty="No merchant was added in this range."
      controls={
        <TextField
          select
          size="small"
          label="Per"
          value={interval}
          onChange={(e) => setInterval(e.target.value as NewMerchantInterval)}
          sx={{ minWidth: 110 }}
        >
          {NEW_MERCHANT_INTERVALS.map((i) => (
            <MenuItem key={i} value={i}>
              {i === 'week' ? 'Week' : 'Month'}
            </MenuItem>
          ))}
        </TextField>
      }
      chart={
        <BarChart
          height={280}
          xAxis={[
            {
              scaleType: 'band',
              data: buckets.map((b) => formatBucket(b.start, interval)),
              label: interval === 'week' ? 'Week of' : 'Month',
            },
          ]}
          yAxis={[{ label: 'Merchants', valueFormatter: (n: number) => formatCount(n) }]}
          series={[{ data: buckets.map((b) => b.count), label: 'New merchants' }]}
          hideLegend
        />
      }
    />
  );
}

export function decisionsTable(report: DecisionsReport): ReportTableData {
  if (report.decided === 0) return { columns: [{ label: 'Decision' }], rows: [] };
  return {
    columns: [
      { label: 'Decision' },
      { label: 'Reason' },
      { label: 'Merchants', numeric: true },
      { label: 'Share', numeric: true },
    ],
    rows: [
      ['Approved', 'All', formatCount(report.approved), formatPercent(report.approvalRate)],
      ['Declined', 'All', formatCount(report.declined), formatPercent(report.declineRate)],
      ...report.reasons.map((r) => [
        r.decision === 'approved' ? 'Approved' : 'Declined',
        r.reason || '(no reason given)',
        formatCount(r.count),
        formatPercent(r.count / report.decided),
      ]),
    ],
  };
}

export function DecisionsReportCard({ params, range }: { params: ReportParams; range: Range }) {
  const query = useDecisionsReportQuery(params);
  const data = query.data;
  return (
    <ReportCard
      title="Approvals and declines"
      description="Underwriting decisions taken in the range, with the reasons given."
      fileBase="decisions"
      range={range}
      state={query}
      table={data ? decisionsTable(data) : null}
      empty="No underwriting decision was taken in this range."
      chart={
        <PieChart
          height={260}
          series={[
            {
              innerRadius: 50,
              data: [
                { id: 'approved', value: data?.approved ?? 0, label: 'Approved' },
                { id: 'declined', value: data?.declined ?? 0, label: 'Declined' },
              ],
            },
          ]}
        />
      }
    />
  );
}

export function productionTable(report: ProductionReport): ReportTableData {
  return {
    columns: [
      { label: PRODUCTION_DIMENSION_LABELS[report.by] },
      { label: 'Applications', numeric: true },
      { label: 'Approvals', numeric: true },
      { label: 'Go-lives', numeric: true },
      { label: 'Approved monthly volume', numeric: true },
    ],
    rows: report.rows.map((r) => [
      r.name,
      formatCount(r.applications),
      formatCount(r.approvals),
      formatCount(r.goLives),
      formatMoney(r.approvedVolume),
    ]),
  };
}

/** The chart shows the largest few; the table and the CSV hold every row. */
const CHART_ROWS = 10;

export function ProductionReportCard({ params, range }: { params: ReportParams; range: Range }) {
  const [by, setBy] = useState<ProductionDimension>('agent');
  const query = useProductionReportQuery({ ...params, by });
  const top = query.data?.rows.slice(0, CHART_ROWS) ?? [];
  return (
    <ReportCard
      title="Production"
      description={`Applications, approvals, go-lives and the expected monthly volume of approved merchants, per ${PRODUCTION_DIMENSION_LABELS[by].toLowerCase()} (chart: the top ${CHART_ROWS}).`}
      fileBase={`production-by-${by}`}
      range={range}
      state={query}
      table={query.data ? productionTable(query.data) : null}
      empty="No application, approval or go-live in this range."
      controls={
        <TextField
          select
          size="small"
          label="Per"
          value={by}
          onChange={(e) => setBy(e.target.value as ProductionDimension)}
          sx={{ minWidth: 140 }}
        >
          {PRODUCTION_DIMENSIONS.map((d) => (
            <MenuItem key={d} value={d}>
              {PRODUCTION_DIMENSION_LABELS[d]}
            </MenuItem>
          ))}
        </TextField>
      }
      chart={
        <BarChart
          height={300}
          xAxis={[{ scaleType: 'band', data: top.map((r) => r.name), label: PRODUCTION_DIMENSION_LABELS[by] }]}
          yAxis={[{ label: 'Merchants', valueFormatter: (n: number) => formatCount(n) }]}
          series={[
            { data: top.map((r) => r.applications), label: 'Applications' },
            { data: top.map((r) => r.approvals), label: 'Approvals' },
            { data: top.map((r) => r.goLives), label: 'Go-lives' },
          ]}
        />
      }
    />
  );
}
