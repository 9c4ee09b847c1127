import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BulkActionDialogProps, BulkKind } from './bulk-action-dialog.tsx';
import { merchantCount } from './merchant-count.ts';

const BulkActionDialog = lazy(() => import('./bulk-action-dialog.tsx').then((m) => ({ default: m.BulkActionDialog })));

export type BulkActionsProps = Omit<BulkActionDialogProps, 'kind' | 'onClose'>;

/**
 * Bulk assign and bulk stage change of the selected rows. The dialog (its select, alerts and
 * mutations) loads when an action is first chosen, not with the list (decision 058); it stays
 * mounted afterwards so that it closes with its transition.
 */
export function BulkActions(props: BulkActionsProps) {
  const { ids } = props;
  const [kind, setKind] = useState<BulkKind>();
  const [opened, setOpened] = useState(0);
  const open = (next: BulkKind) => {
    setKind(next);
    setOpened((n) => n + 1);
  };
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="group" aria-label="Bulk actions">
        <Typography variant="body2" aria-live="polite">
          {ids.length > 0 ? `${merchantCount(ids.length)} selected` : 'Select merchants for bulk actions'}
        </Typography>
        <Button size="small" disabled={ids.length === 0} onClick={() => open('assign')}>
          Assign…
        </Button>
        <Button size="small" disabled={ids.length === 0} onClick={() => open('stage')}>
          Change stage…
        </Button>
      </Stack>
      {opened > 0 ? (
        <Suspense fallback={null}>
          <BulkActionDialog key={opened} {...props} kind={kind} onClose={() => setKind(undefined)} />
        </Suspense>
      ) : null}
    </>
  );
}
