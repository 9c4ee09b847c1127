import type { MerchantDetail } from '@boardwalk/shared/schemas/merchant';
import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import { fieldLabel, valueText } from './merchant-labels.ts';

/** A section's values the user changed, by field, as the form holds them. */
export type Edits = Record<string, unknown>;

/** One field the other person changed: what they stored, and what this user typed (if anything). */
export type ConflictRow = { field: string; label: string; theirs: string; yours: string | undefined };

/** Answered masked (`•••••6789`): the diff says "changed", never a value or its last digits. */
export const SENSITIVE: readonly string[] = ['taxId', 'routingNumber', 'accountNumber'];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const blankAsNull = (value: unknown) => (value === '' ? null : value);

/**
 * The fields of a section that differ between the record the form was read from (`base`) and the
 * one stored now (`theirs`); the user's typed value beside each one they edited too.
 */
export function conflictRows(
  fields: readonly string[],
  base: MerchantDetail,
  theirs: MerchantDetail,
  edits: Edits,
): ConflictRow[] {
  const record = (m: MerchantDetail, field: string) => blankAsNull((m as Record<string, unknown>)[field]);
  return fields
    .filter((field) => !same(record(base, field), record(theirs, field)))
    .map((field) => {
      const edited = field in edits;
      if (SENSITIVE.includes(field)) {
        return { field, label: fieldLabel(field), theirs: 'changed', yours: edited ? 'your new value' : undefined };
      }
      return {
        field,
        label: fieldLabel(field),
        theirs: valueText(field, record(theirs, field)),
        yours: edited ? valueText(field, edits[field]) : undefined,
      };
    });
}

type Props = {
  message: string;
  /** Their record has not arrived yet. */
  loading: boolean;
  rows: readonly ConflictRow[];
  onReload: () => void;
  onDiscard: () => void;
};

/** "Changed by someone else": what they changed, theirs → yours, and the two ways on. */
export function ConflictBanner({ message, loading, rows, onReload, onDiscard }: Props) {
  return (
    <Alert severity="warning" aria-label="Changed by someone else">
      <AlertTitle>Changed by someone else</AlertTitle>
      <Typography variant="body2">{message}</Typography>
      {loading ? (
        <Typography variant="body2">Loading their changes…</Typography>
      ) : rows.length === 0 ? (
        <Typography variant="body2">None of the fields here changed: they changed other parts.</Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Their value → yours:
          </Typography>
          <Box component="ul" aria-label="Their changes" sx={{ my: 0.5, pl: 2.5 }}>
            {rows.map((row) => (
              <li key={row.field}>
                {row.yours === undefined
                  ? `${row.label}: ${row.theirs} (you did not edit it)`
                  : `${row.label}: ${row.theirs} → ${row.yours}`}
              </li>
            ))}
          </Box>
        </>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" variant="contained" color="warning" onClick={onReload} disabled={loading}>
          Reload and keep my edits
        </Button>
        <Button size="small" color="inherit" onClick={onDiscard} disabled={loading}>
          Discard my edits
        </Button>
      </Stack>
    </Alert>
  );
}
