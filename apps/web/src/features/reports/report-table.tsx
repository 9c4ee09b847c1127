import { BYTE_ORDER_MARK, csvLine } from '@boardwalk/shared/csv';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { PlainTable } from '../../components/plain-table/plain-table.tsx';

/**
 * A report's numbers as shown: the column titles and each row's cells as the strings on screen.
 * The table and its CSV download are both made from it, so the file holds exactly what is shown.
 */
export type ReportTableData = {
  columns: { label: string; numeric?: boolean }[];
  rows: string[][];
};

export function tableCsv(table: ReportTableData): string {
  return BYTE_ORDER_MARK + csvLine(table.columns.map((c) => c.label)) + table.rows.map((r) => csvLine(r)).join('');
}

/** Saves the table as a CSV file (built in the browser: decision 030). */
export function downloadCsv(table: ReportTableData, filename: string) {
  const url = URL.createObjectURL(new Blob([tableCsv(table)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function CsvButton({ table, filename, label }: { table: ReportTableData; filename: string; label: string }) {
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      onClick={() => downloadCsv(table, filename)}
      disabled={table.rows.length === 0}
      aria-label={`Download ${label} as CSV`}
    >
      CSV
    </Button>
  );
}

/** The accessible data table beside each chart. */
export function ReportTable({ table, caption }: { table: ReportTableData; caption: string }) {
  return (
    <PlainTable
      label={caption}
      caption={caption}
      maxHeight={360}
      columns={table.columns}
      rows={table.rows}
      rowKey={(_row, i) => i}
      cells={(row) => row}
      rowHeader
    />
  );
}
