import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';

export type PlainColumn = {
  label: ReactNode;
  /** Figures align right. */
  numeric?: boolean;
  /** A share of a fixed-layout table (`'36%'`). */
  width?: string;
};

/** A cell: its content, or the content with a span and styles of its own. */
export type PlainCell = ReactNode | { content: ReactNode; colSpan?: number; sx?: SxProps<Theme> };

export type PlainTableProps<R> = {
  /** The table's accessible name. */
  label: string;
  columns: readonly PlainColumn[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => string | number;
  cells: (row: R) => readonly PlainCell[];
  /** The first cell of each row names it (`<th scope="row">`). */
  rowHeader?: boolean;
  /** A visible caption above the table. */
  caption?: string;
  /** Scrolls within this height, the header staying in view; the region then takes the Tab key. */
  maxHeight?: number;
  fixedLayout?: boolean;
  /** Said across the table when there are no rows (loading or not, the caller knows). */
  empty?: ReactNode;
  hover?: boolean;
};

const isCell = (cell: PlainCell): cell is { content: ReactNode; colSpan?: number; sx?: SxProps<Theme> } =>
  typeof cell === 'object' && cell !== null && 'content' in cell;

/**
 * A table that is not a resource list (docs/decisions/090-one-list-pattern-one-form-pattern.md):
 * every row shown at once, no paging, sorting or row actions on records: a report's figures, a
 * before/after diff, a reference. Resource lists use DataTable.
 */
export function PlainTable<R>(props: PlainTableProps<R>) {
  const { label, columns, rows, rowKey, cells, rowHeader, caption, maxHeight, fixedLayout, empty, hover } = props;
  const scrolls = maxHeight !== undefined;
  return (
    <TableContainer
      sx={scrolls ? { maxHeight } : undefined}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      <Table
        size="small"
        stickyHeader={scrolls}
        aria-label={scrolls ? undefined : label}
        sx={fixedLayout ? { tableLayout: 'fixed' } : undefined}
      >
        {caption && (
          <Box component="caption" sx={{ captionSide: 'top', p: 0, pb: 1, textAlign: 'left', color: 'text.secondary' }}>
            {caption}
          </Box>
        )}
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell
                key={i}
                scope="col"
                align={c.numeric ? 'right' : 'left'}
                sx={c.width ? { width: c.width } : undefined}
              >
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey(row, index)} hover={hover}>
              {cells(row).map((cell, j) => {
                const { content, colSpan, sx } = isCell(cell)
                  ? cell
                  : { content: cell, colSpan: undefined, sx: undefined };
                const header = rowHeader && j === 0;
                return (
                  <TableCell
                    key={j}
                    colSpan={colSpan}
                    sx={sx}
                    align={!header && columns[j]?.numeric ? 'right' : 'left'}
                    {...(header ? { component: 'th', scope: 'row' } : {})}
                  >
                    {content}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
          {rows.length === 0 && empty ? (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
                {empty}
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
