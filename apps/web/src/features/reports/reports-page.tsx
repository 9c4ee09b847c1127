import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { DecisionsReportCard, NewMerchantsReportCard, ProductionReportCard } from './merchant-reports.tsx';
import { formatDay } from './report-format.ts';
import { ReportFilters } from './report-filters.tsx';
import { readReportUrl, reportApiParams, reportSearch, userTimeZone, type ReportUrlState } from './report-url.ts';
import { FunnelReportCard, SlaReportCard, TimeInStageReportCard } from './stage-reports.tsx';

/** /report: every report over one date range and one set of filters, all kept in the URL. */
export function ReportPage() {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readReportUrl(search), [search]);
  const params = useMemo(() => reportApiParams(state), [state]);
  const range = { from: state.from, to: state.to };
  const onChange = (next: ReportUrlState) => {
    // Switching back to a preset drops the typed days; its own days follow.
    const resolved = next.preset === 'custom' ? next : readReportUrl(reportSearch(next));
    setSearch(reportSearch(resolved), { replace: true });
  };
  return (
    <Box>
      <PageHeader
        title="Reporting"
        subtitle={`${formatDay(state.from)} to ${formatDay(state.to)}, calendar days in ${userTimeZone()}`}
      />
      <ReportFilters state={state} onChange={onChange} />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <FunnelReportCard params={params} range={range} />
        <NewMerchantsReportCard params={params} range={range} />
        <TimeInStageReportCard params={params} range={range} />
        <DecisionsReportCard params={params} range={range} />
        <SlaReportCard params={params} range={range} />
        <ProductionReportCard params={params} range={range} />
      </Box>
    </Box>
  );
}
