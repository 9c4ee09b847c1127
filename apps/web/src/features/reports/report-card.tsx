import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CsvButton, ReportTable, type ReportTableData } from './report-table.tsx';

type ReportCardProps = {
  title: string;
  description: string;
  /** Base of the CSV file name: `funnel` → `funnel-2026-10-01-2026-10-31.csv`. */
  fileBase: string;
  range: { from: string; to: string };
  state: { isLoading: boolean; isError: boolean; isFetching?: boolean };
  table: ReportTableData | null;
  /** The chart; it is left out when there is nothing to draw. */
  chart: ReactNode;
  empty: string;
  /** Controls of this report (interval, group by). */
  controls?: ReactNode;
};

/** One report: its chart, the table of the same numbers beside it, and a CSV of that table. */
export function ReportCard({
  title,
  description,
  fileBase,
  range,
  state,
  table,
  chart,
  empty,
  controls,
}: ReportCardProps) {
  const headingId = `report-${fileBase}`;
  const hasRows = table !== null && table.rows.length > 0;
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2 }}>
          <Box>
            <Typography id={headingId} component="h2" variant="h6">
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
            {controls}
            {table ? (
              <CsvButton table={table} filename={`${fileBase}-${range.from}-${range.to}.csv`} label={title} />
            ) : null}
          </Stack>
        </Stack>
        {state.isError ? (
          <Alert severity="error">The report could not be loaded. Try again in a moment.</Alert>
        ) : state.isLoading || !table ? (
          <Skeleton variant="rounded" height={240} aria-label={`Loading ${title}`} />
        ) : !hasRows ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {empty}
          </Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              // The table under the chart, full width: beside it at 1440 px, money columns were cut.
              gridTemplateColumns: 'minmax(0, 1fr)',
              opacity: state.isFetching ? 0.6 : 1,
            }}
          >
            <Box role="img" aria-label={`${title} chart; the same numbers are in the table.`}>
              {chart}
            </Box>
            <ReportTable table={table} caption={`${title}, ${range.from} to ${range.to}`} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
