import { DUPLICATE_REASON_TEXT } from '@boardwalk/shared/schemas/merchant';
import type { MerchantImportDryRun } from '@boardwalk/shared/schemas/merchant-import';
import { Alert, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';

const ACTION_TEXT = { create: 'Create', update: 'Update', unchanged: 'No change', error: 'Error' } as const;

/** The dry run: the counts, then the rows worth reading (errors, possible duplicates, the rest). */
export function ImportDryRunTable({ result }: { result: MerchantImportDryRun }) {
  return (
    <>
      <Alert severity={result.errors > 0 ? 'warning' : 'success'} sx={{ mb: 2 }}>
        {`${result.total} rows: ${result.create} to create, ${result.update} to update, ${result.unchanged} unchanged, ${result.errors} with errors, ${result.withDuplicates} with possible duplicates.`}
      </Alert>
      <Table size="small" aria-label="Dry run">
        <TableHead>
          <TableRow>
            <TableCell>Line</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>DBA name</TableCell>
            <TableCell>External id</TableCell>
            <TableCell>Errors and possible duplicates</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell>{ACTION_TEXT[row.action]}</TableCell>
              <TableCell>{row.dbaName}</TableCell>
              <TableCell>{row.externalId}</TableCell>
              <TableCell>
                {Object.entries(row.errors)
                  .map(([field, messages]) => `${field}: ${messages.join('; ')}`)
                  .concat(
                    row.duplicates.map(
                      (d) =>
                        `Possible duplicate of ${d.dbaName} (${d.reasons.map((r) => DUPLICATE_REASON_TEXT[r]).join(', ')})`,
                    ),
                  )
                  .join(' · ')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
