import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { notifyError } from '../../../components/form/notify.ts';
import { errorMessage } from '../../../lib/problem.ts';

/**
 * Downloads the CSV of the current filter. The download's code (export-download.ts) loads on the
 * first click, not with the list (decision 058).
 */
export function ExportButton({ url, fileName }: { url: string; fileName: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { downloadExport } = await import('./export-download.ts');
      await downloadExport(url, fileName);
    } catch (error) {
      // The chunk itself could not be loaded (a deploy removed it, the network failed).
      notifyError(`The export failed. ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} loading={busy} onClick={() => void download()}>
      Export CSV
    </Button>
  );
}
