import type { MerchantImport, MerchantImportMapping } from '@boardwalk/shared/schemas/merchant-import';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import {
  skippedRowsUrl,
  useConfirmMerchantImportMutation,
  useDryRunMerchantImportMutation,
  useGetMerchantImportQuery,
  useUploadMerchantImportMutation,
} from '../../entities/merchant-imports/api.ts';
import { errorMessage, problemFieldErrors } from '../../lib/problem.ts';
import { ImportDryRunTable } from './import-dry-run-table.tsx';
import { ImportMappingStep } from './import-mapping-step.tsx';

/** The detail of a refused file or row (the field errors say what is wrong), else the usual message. */
function problemText(error: unknown): string {
  const first = Object.values(problemFieldErrors(error))[0];
  return (Array.isArray(first) ? first[0] : first) ?? errorMessage(error);
}

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** /merchant/import (administrators): upload, mapping, dry run, confirm, progress (docs/decisions/105). */
export function MerchantImportPage() {
  const [upload, uploading] = useUploadMerchantImportMutation();
  const [dryRun, dryRunning] = useDryRunMerchantImportMutation();
  const [confirm, confirming] = useConfirmMerchantImportMutation();
  const [file, setFile] = useState<MerchantImport | null>(null);
  const [mapping, setMapping] = useState<MerchantImportMapping>({});
  const [skipBadRows, setSkipBadRows] = useState(false);
  const [quietAutomations, setQuietAutomations] = useState(true);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const progress = useGetMerchantImportQuery(file?.id ?? '', {
    skip: !confirmed || !file,
    pollingInterval: 1000,
    skipPollingIfUnfocused: true,
  });
  const job = progress.data;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    setError(null);
    setConfirmed(false);
    dryRunning.reset();
    try {
      const answer = await upload({ fileName: chosen.name, content: await base64Of(chosen) }).unwrap();
      setFile(answer);
      setMapping(answer.mapping);
    } catch (e) {
      setFile(null);
      setError(problemText(e));
    }
  };
  const onDryRun = async () => {
    if (!file) return;
    setError(null);
    await dryRun({ id: file.id, mapping })
      .unwrap()
      .catch((e: unknown) => setError(problemText(e)));
  };
  const onConfirm = async () => {
    if (!file) return;
    setError(null);
    try {
      await confirm({ id: file.id, mapping, skipBadRows, quietAutomations }).unwrap();
      setConfirmed(true);
    } catch (e) {
      setError(problemText(e));
    }
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        Import merchants
      </Typography>
      <Card>
        <CardContent>
          <Button component="label" variant="contained" disabled={uploading.isLoading}>
            Choose a CSV or XLSX file
            <input hidden type="file" accept=".csv,.xlsx,text/csv" aria-label="Spreadsheet file" onChange={onFile} />
          </Button>
          {file && <Typography sx={{ mt: 1 }}>{`${file.fileName}: ${file.rowCount} rows`}</Typography>}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </CardContent>
      </Card>
      {file && !confirmed && (
        <Card>
          <CardContent>
            <ImportMappingStep header={file.header} sample={file.sample} mapping={mapping} onChange={setMapping} />
            <Button sx={{ mt: 2 }} variant="outlined" onClick={onDryRun} disabled={dryRunning.isLoading}>
              Dry run
            </Button>
          </CardContent>
        </Card>
      )}
      {file && !confirmed && dryRunning.data && (
        <Card>
          <CardContent>
            <ImportDryRunTable result={dryRunning.data} />
            <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
              <FormControlLabel
                control={<Checkbox checked={skipBadRows} onChange={(e) => setSkipBadRows(e.target.checked)} />}
                label="Skip bad rows"
              />
              <FormControlLabel
                control={
                  <Checkbox checked={quietAutomations} onChange={(e) => setQuietAutomations(e.target.checked)} />
                }
                label="Automations stay quiet"
              />
              <Button variant="contained" onClick={onConfirm} disabled={confirming.isLoading}>
                Import
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
      {confirmed && job && (
        <Card>
          <CardContent>
            <Typography>{`${job.done} of ${job.rowCount} rows: ${job.created} created, ${job.updated} updated, ${job.unchanged} unchanged (${job.state})`}</Typography>
            <LinearProgress
              variant="determinate"
              value={job.rowCount ? (job.done / job.rowCount) * 100 : 0}
              sx={{ my: 1 }}
            />
            {job.error && <Alert severity="error">{job.error}</Alert>}
            {job.skippedCount > 0 && (
              <Button href={skippedRowsUrl(job.id)}>{`Download the ${job.skippedCount} skipped rows (CSV)`}</Button>
            )}
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
