import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import type { MerchantDetail } from '@boardwalk/shared';
import { notifyError } from '../../../components/form/notify.ts';
import { errorMessage } from '../../../lib/problem.ts';

const FAILED = 'The evidence pack could not be made.';

/**
 * Downloads the merchant's evidence pack (docs/decisions/111): a ZIP an auditor can check with
 * `npm run evidence:verify`. The download code loads on the first click, as the list's export.
 */
export function EvidencePackButton({ merchant }: { merchant: Pick<MerchantDetail, 'id' | 'dbaName'> }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { downloadExport } = await import('../list/export-download.ts');
      await downloadExport(`/api/merchants/${merchant.id}/evidence-pack`, `evidence-${merchant.id}.zip`, {
        accept: 'application/zip',
        failed: FAILED,
      });
    } catch (error) {
      notifyError(`${FAILED} ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} loading={busy} onClick={() => void download()}>
      Download evidence pack
    </Button>
  );
}
