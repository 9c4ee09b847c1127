import type { ApplicationConflict } from '@boardwalk/shared/schemas/application';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { errorMessage } from '../../../lib/problem.ts';
import { showToast } from '../../../lib/toast-queue.ts';
import {
  useListApplicationConflictsQuery,
  useSettleApplicationConflictMutation,
} from '../../../entities/applications/api.ts';

type Props = { merchantId: string; editable: boolean };

/** `legalName` → `Legal name`, as the API words a field in its emails. */
export const fieldWords = (name: string) => {
  const spaced = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** The conflict's field as staff read it: `owner.<id>.ssn` is the owner's, by name. */
export function conflictField({ field, ownerName }: Pick<ApplicationConflict, 'field' | 'ownerName'>): string {
  const parts = field.split('.');
  if (parts[0] !== 'owner') return fieldWords(field);
  const who = ownerName ?? 'An owner';
  if (parts[1] === 'new') return `${who}: new owner`;
  if (parts[2] === 'removed') return `${who}: removed by the merchant`;
  return `${who}: ${fieldWords(parts.slice(2).join('.'))}`;
}

/** A value as the API gives it (sensitive ones come masked): text as is, anything else as JSON. */
const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

const SETTLED: Record<ApplicationConflict['state'], string> = { open: 'Open', taken: 'Took theirs', kept: 'Kept ours' };

/**
 * Answers of a signed application that staff had changed meanwhile (docs/decisions/108): for
 * each, keep the record's value or take the merchant's.
 */
export function ApplicationConflicts({ merchantId, editable }: Props) {
  const { data, isLoading, error } = useListApplicationConflictsQuery(merchantId);
  const [settle, settling] = useSettleApplicationConflictMutation();

  const choose = async (conflict: ApplicationConflict, choice: 'ours' | 'theirs') => {
    try {
      await settle({ merchantId, conflictId: conflict.id, choice }).unwrap();
      const what = conflictField(conflict);
      showToast({
        message: choice === 'theirs' ? `${what}: took the merchant's answer` : `${what}: kept our value`,
        variant: 'success',
      });
    } catch (e) {
      showToast({ message: errorMessage(e), variant: 'error' });
    }
  };

  let body;
  if (isLoading) body = <Skeleton variant="rectangular" height={80} aria-label="Loading the conflicts" />;
  else if (error) body = <Alert severity="error">The conflicts could not be loaded. {errorMessage(error)}</Alert>;
  else if (!data?.conflicts.length) body = <Typography>No conflicts with the merchant&apos;s answers.</Typography>;
  else
    body = (
      <Table size="small" aria-label="Conflicts with the merchant's answers">
        <TableHead>
          <TableRow>
            <TableCell>Field</TableCell>
            <TableCell>Our value</TableCell>
            <TableCell>The merchant&apos;s value</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Settle
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.conflicts.map((conflict) => (
            <TableRow key={conflict.id}>
              <TableCell>{conflictField(conflict)}</TableCell>
              <TableCell>{shown(conflict.ours)}</TableCell>
              <TableCell>{shown(conflict.theirs)}</TableCell>
              <TableCell>
                {conflict.state === 'open' && editable ? (
                  <Stack direction="row" spacing={1}>
                    <Button size="small" disabled={settling.isLoading} onClick={() => void choose(conflict, 'ours')}>
                      Keep ours
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={settling.isLoading}
                      onClick={() => void choose(conflict, 'theirs')}
                    >
                      Take theirs
                    </Button>
                  </Stack>
                ) : (
                  <Chip size="small" label={SETTLED[conflict.state]} />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );

  return (
    <Card>
      <CardHeader title="Conflicts" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>{body}</CardContent>
    </Card>
  );
}
