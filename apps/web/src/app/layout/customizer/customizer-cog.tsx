import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useCustomizerEnabled } from '../../../lib/portal-name.ts';

// The panel's code arrives on the first click, so pages load no more than this button.
const CustomizerDrawer = lazy(() =>
  import('./customizer-drawer.tsx').then((module) => ({ default: module.CustomizerDrawer })),
);

/** The side cog that opens the theme customizer, when the product configuration enables it. */
export function CustomizerCog() {
  const enabled = useCustomizerEnabled();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  if (!enabled) return null;
  return (
    <>
      <IconButton
        aria-label="Open theme customizer"
        aria-haspopup="dialog"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        sx={{
          position: 'fixed',
          top: '50%',
          right: 0,
          zIndex: (theme) => theme.zIndex.drawer - 1,
          borderRadius: '8px 0 0 8px',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          '&:hover': { bgcolor: 'primary.dark' },
        }}
      >
        <SettingsOutlined fontSize="small" />
      </IconButton>
      {requested ? (
        <Suspense fallback={null}>
          <CustomizerDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
