import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { useCustomizerEnabled } from '../../../lib/portal-name.ts';

// The panel's code arrives on the first click, so pages load no more than this button.
const CustomizerDrawer = lazy(() =>
  import('./customizer-drawer.tsx').then((module) => ({ default: module.CustomizerDrawer })),
);

/**
 * The cog that opens the theme customizer, when the product configuration enables it. From the medium breakpoint (900px) it sits on the screen's right edge; below, where that
 * edge is the content's own, the edge cog is hidden and the app bar shows an `inline` one, so it
 * never covers a row, a field or a button.
 */
export function CustomizerCog({ inline = false }: { inline?: boolean }) {
  const enabled = useCustomizerEnabled();
  const theme = useTheme();
  const edge = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  if (!enabled || inline === edge) return null;
  return (
    <>
      <IconButton
        aria-label="Open theme customizer"
        aria-haspopup="dialog"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        sx={
          inline
            ? undefined
            : {
                position: 'fixed',
                top: '50%',
                right: 0,
                zIndex: (theme) => theme.zIndex.drawer - 1,
                borderRadius: '8px 0 0 8px',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                '&:hover': { bgcolor: 'primary.dark' },
              }
        }
      >
        <SettingsOutlined fontSize={inline ? 'medium' : 'small'} />
      </IconButton>
      {requested ? (
        <Suspense fallback={null}>
          <CustomizerDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
