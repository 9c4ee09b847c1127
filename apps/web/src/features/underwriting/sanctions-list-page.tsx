import {
  SANCTIONS_SOURCE_LABELS,
  SANCTIONS_SOURCES,
  type SanctionsImportInput,
  type SanctionsListVersion,
  type SanctionsSource,
} from '@boardwalk/shared/schemas/sanctions';
import { Alert, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { PageHeader } from '../../components/data-table/page-header.tsx';
import { notifySuccess } from '../../components/form/notify.ts';
import { PlainTable } from '../../components/plain-table/plain-table.tsx';
import {
  useImportSanctionsListMutation,
  useListSanctionsListsQuery,
} from '../../entities/underwriting/sanctions-api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorMessage, problemFieldErrors } from '../../lib/problem.ts';
import { FILE_FIELDS, looksLikeUnXml, type SanctionsFileField } from './sanctions-list-file.ts';

type ChosenFiles = Partial<Record<SanctionsFileField, { name: string; text: string }>>;

const columns = [
  { label: 'List' },
  { label: 'Entries', numeric: true },
  { label: 'Aliases', numeric: true },
  { label: 'Addresses', numeric: true },
  { label: 'Imported' },
  { label: 'By' },
  { label: 'Status' },
  { label: 'Rescreen' },
] as const;

const runText = (run: SanctionsListVersion['run']) =>
  run ? `${run.state}: ${run.done} of ${run.total} merchants, ${run.hits} ${run.hits === 1 ? 'hit' : 'hits'}` : '—';

/** The first message of a field's errors, if the API gave any. */
const firstOf = (errors: Record<string, unknown>, field: string) => {
  const value = errors[field];
  return Array.isArray(value) ? String(value[0]) : typeof value === 'string' ? value : undefined;
};

/**
 * /sanctions-list/list (administrators): every imported version of the sanctions lists, and the
 * import of a new one from the publisher's files. An XML entries file is the UN list's, and
 * picks that source by itself (docs/decisions/119).
 */
export function SanctionsListPage() {
  const [source, setSource] = useState<SanctionsSource>('ofac_sdn');
  const [files, setFiles] = useState<ChosenFiles>({});
  const [recognised, setRecognised] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, unknown>>({});
  const [error, setError] = useState<string | null>(null);
  const [pollingInterval, setPollingInterval] = useState(0);
  const list = useListSanctionsListsQuery(undefined, { pollingInterval, skipPollingIfUnfocused: true });
  const [importList, importing] = useImportSanctionsListMutation();
  const versions = list.data?.versions ?? [];

  const chooseSource = (next: SanctionsSource) => {
    const kept = new Set(FILE_FIELDS[next].map((f) => f.field));
    setSource(next);
    setRecognised(false);
    setFiles((chosen) => Object.fromEntries(Object.entries(chosen).filter(([f]) => kept.has(f as SanctionsFileField))));
  };

  const onFile = (field: SanctionsFileField) => async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const text = await file.text();
    setFieldErrors({});
    setError(null);
    if (field === 'entries' && source !== 'un_consolidated' && looksLikeUnXml(file.name, text)) {
      chooseSource('un_consolidated');
      setRecognised(true);
      setFiles({ entries: { name: file.name, text } });
      return;
    }
    setFiles((chosen) => ({ ...chosen, [field]: { name: file.name, text } }));
  };

  const onImport = async () => {
    if (!files.entries) return;
    const body: SanctionsImportInput = { source, entries: files.entries.text };
    if (files.addresses) body.addresses = files.addresses.text;
    if (files.alternateNames) body.alternateNames = files.alternateNames.text;
    try {
      const version = await importList(body).unwrap();
      notifySuccess(`${SANCTIONS_SOURCE_LABELS[version.source]} imported: ${version.rowCount} entries`);
      setFiles({});
      setRecognised(false);
      const running = version.run?.state === 'queued' || version.run?.state === 'running';
      setPollingInterval(running ? 2000 : 0);
      void list.refetch();
    } catch (e) {
      const errors = problemFieldErrors(e);
      setFieldErrors(errors);
      setError(Object.keys(errors).length > 0 ? null : errorMessage(e));
    }
  };

  return (
    <Stack spacing={3}>
      <PageHeader
        title="Sanctions Lists"
        subtitle="Each import is a version; merchants are screened against the active version of each list."
      />
      <Card>
        <CardContent>
          <Stack spacing={2} sx={{ maxWidth: 560 }}>
            <Typography variant="h6" component="h2">
              Import a list
            </Typography>
            <TextField
              select
              label="List"
              value={source}
              onChange={(e) => chooseSource(e.target.value as SanctionsSource)}
              error={Boolean(firstOf(fieldErrors, 'source'))}
              helperText={firstOf(fieldErrors, 'source')}
            >
              {SANCTIONS_SOURCES.map((s) => (
                <MenuItem key={s} value={s}>
                  {SANCTIONS_SOURCE_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
            {recognised && (
              <Alert severity="info">{`The file is XML: recognised as the ${SANCTIONS_SOURCE_LABELS.un_consolidated}.`}</Alert>
            )}
            {FILE_FIELDS[source].map(({ field, label }) => (
              <Stack key={field} spacing={0.5}>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Button component="label" variant="outlined">
                    {label}
                    <input
                      hidden
                      type="file"
                      accept=".csv,.xml,text/csv,text/xml"
                      aria-label={label}
                      onChange={onFile(field)}
                    />
                  </Button>
                  <Typography variant="body2">{files[field]?.name ?? 'No file chosen'}</Typography>
                </Stack>
                {firstOf(fieldErrors, field) && (
                  <Typography variant="body2" color="error" role="alert">
                    {firstOf(fieldErrors, field)}
                  </Typography>
                )}
              </Stack>
            ))}
            {error && <Alert severity="error">{error}</Alert>}
            <Button
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
              onClick={onImport}
              disabled={!files.entries || importing.isLoading}
            >
              Import
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <PlainTable
            label="List versions"
            columns={columns}
            rows={versions}
            rowKey={(v) => v.id}
            rowHeader
            empty={list.isLoading ? 'Loading…' : 'No list imported yet'}
            cells={(v) => [
              SANCTIONS_SOURCE_LABELS[v.source],
              v.rowCount,
              v.aliasCount,
              v.addressCount,
              formatDateTime(v.importedAt),
              v.importedBy?.name ?? '—',
              v.active ? 'Active' : 'Earlier version',
              runText(v.run),
            ]}
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
