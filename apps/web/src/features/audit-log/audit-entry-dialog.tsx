import type { AuditEntry } from '@boardwalk/shared';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import { changeLines, showValue, type ChangeLine } from './audit-changes.ts';
import { tokenLabel } from './audit-actor.ts';
import { subjectDetail, subjectTitle } from './audit-subject.ts';
import { OutcomeChip } from './outcome-chip.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { PlainTable } from '../../components/plain-table/plain-table.tsx';

// Tints behind ordinary text: coloured text in the theme's red and green falls below 4.5:1.
const before = (theme: Theme) => alpha(theme.palette.error.main, 0.1);
const after = (theme: Theme) => alpha(theme.palette.success.main, 0.14);

const pre = { whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'monospace', fontSize: '0.8125rem' };

function Summary({ entry }: { entry: AuditEntry }) {
  const items: [string, string][] = [
    ['When', formatDateTime(entry.at)],
    [
      'Who',
      entry.actor.email && entry.actor.email !== entry.actor.label
        ? `${entry.actor.label} (${entry.actor.email})`
        : entry.actor.label,
    ],
    ...(entry.actor.token ? [['API token', tokenLabel(entry.actor.token)] as [string, string]] : []),
    ['Action', entry.action],
    ['Subject', subjectDetail(entry) ? `${subjectTitle(entry)} (${subjectDetail(entry)})` : subjectTitle(entry)],
    ['IP address', entry.ip ?? '—'],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {items.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </Box>
      ))}
      <Typography component="dt" color="text.secondary">
        Outcome
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        <OutcomeChip outcome={entry.outcome} />
      </Box>
    </Box>
  );
}

function ChangesTable({ lines }: { lines: ChangeLine[] }) {
  const diff = lines.some((line) => line.kind === 'diff');
  const top = { verticalAlign: 'top' } as const;
  return (
    <PlainTable
      label="Changes"
      columns={[{ label: 'Field' }, { label: diff ? 'Before' : 'Value' }, ...(diff ? [{ label: 'After' }] : [])]}
      rows={lines}
      rowKey={(line) => line.field}
      rowHeader
      cells={(line) => [
        { content: line.field, sx: { fontWeight: 500, ...top } },
        ...(line.kind === 'diff'
          ? [
              { content: showValue(line.before), sx: { ...pre, ...top, bgcolor: before } },
              { content: showValue(line.after), sx: { ...pre, ...top, bgcolor: after } },
            ]
          : [{ content: showValue(line.value), colSpan: diff ? 2 : 1, sx: { ...pre, ...top } }]),
      ]}
    />
  );
}

/** One audit row: who did what to which record, and its changes as a before/after table. */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry | undefined; onClose: () => void }) {
  const lines = changeLines(entry?.changes ?? null);
  return (
    <Dialog open={entry !== undefined} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="audit-entry-title">
      <DialogTitle id="audit-entry-title">{entry ? `Audit entry: ${entry.action}` : 'Audit entry'}</DialogTitle>
      <DialogContent dividers>
        {entry && (
          <Stack spacing={3}>
            <Summary entry={entry} />
            {lines.length > 0 ? (
              <ChangesTable lines={lines} />
            ) : (
              <Typography color="text.secondary">No changes recorded.</Typography>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
