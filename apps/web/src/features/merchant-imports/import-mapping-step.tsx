import {
  MERCHANT_IMPORT_FIELDS,
  type MerchantImportField,
  type MerchantImportMapping,
} from '@boardwalk/shared/schemas/merchant-import';
import { Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';

export type ImportMappingStepProps = {
  header: string[];
  sample: string[][];
  mapping: MerchantImportMapping;
  onChange: (mapping: MerchantImportMapping) => void;
};

const FIELDS = Object.entries(MERCHANT_IMPORT_FIELDS) as [MerchantImportField, { label: string }][];

/**
 * One line per column of the file: its header, its first values, and the merchant field it goes
 * to. A field chosen for a second column leaves the first one (each field from one column).
 */
export function ImportMappingStep({ header, sample, mapping, onChange }: ImportMappingStepProps) {
  const choose = (column: string, field: MerchantImportField | '') => {
    const next: MerchantImportMapping = {};
    for (const [c, f] of Object.entries(mapping)) if (c !== column && f !== field) next[c] = f;
    if (field !== '') next[column] = field;
    onChange(next);
  };
  const mapsDba = Object.values(mapping).includes('dbaName');
  return (
    <>
      {!mapsDba && (
        <Typography color="error" role="alert" sx={{ mb: 1 }}>
          Map a column to the DBA name
        </Typography>
      )}
      <Table size="small" aria-label="Column mapping">
        <TableHead>
          <TableRow>
            <TableCell>Column</TableCell>
            <TableCell>First values</TableCell>
            <TableCell>Merchant field</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {header.map((name, index) => {
            const column = String(index);
            const label = name === '' ? `Column ${index + 1}` : name;
            return (
              <TableRow key={column}>
                <TableCell>{label}</TableCell>
                <TableCell>
                  {sample
                    .slice(0, 3)
                    .map((row) => row[index] ?? '')
                    .filter((v) => v !== '')
                    .join(', ')}
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={`Field for ${label}`}
                    value={mapping[column] ?? ''}
                    onChange={(event) => choose(column, event.target.value as MerchantImportField | '')}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    <option value="">Do not import</option>
                    {FIELDS.map(([field, { label: fieldLabel }]) => (
                      <option key={field} value={field}>
                        {fieldLabel}
                      </option>
                    ))}
                  </TextField>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}
