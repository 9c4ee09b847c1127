import Drawer from '@mui/material/Drawer';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import { useMemo } from 'react';
import { useSettings } from '../../../lib/settings/use-settings.ts';
import { createAppTheme } from '../../../lib/theme/create-app-theme.ts';
import { NAV_WIDTH, SWIPE_AREA_WIDTH } from '../../../lib/theme/constants.ts';
import { VerticalNav } from './vertical-nav.tsx';

export type NavDrawerProps = {
  desktop: boolean;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
};

const paperSx = { width: NAV_WIDTH, borderRight: 0, bgcolor: 'background.default', backgroundImage: 'none' } as const;

/** Permanent 260px menu on large screens; below 1200px a temporary drawer (swipe from the edge). */
export function NavDrawer({ desktop, open, onOpen, onClose }: NavDrawerProps) {
  const { settings } = useSettings();
  const outer = useTheme();
  // Semi-dark: a dark menu beside light content.
  const navTheme = useMemo(
    () =>
      settings.mode === 'semi-dark'
        ? createAppTheme({
            mode: 'dark',
            skin: settings.skin,
            themeColor: settings.themeColor,
            direction: settings.direction,
          })
        : outer,
    [settings.mode, settings.skin, settings.themeColor, settings.direction, outer],
  );

  const drawer = desktop ? (
    <Drawer
      variant="permanent"
      sx={{ width: NAV_WIDTH, flexShrink: 0 }}
      slotProps={{
        paper: {
          sx: {
            ...paperSx,
            position: 'fixed',
            bgcolor: settings.mode === 'semi-dark' ? 'background.paper' : 'background.default',
          },
        },
      }}
    >
      <VerticalNav />
    </Drawer>
  ) : (
    <SwipeableDrawer
      anchor="left"
      open={open}
      onOpen={onOpen}
      onClose={onClose}
      swipeAreaWidth={SWIPE_AREA_WIDTH}
      disableBackdropTransition
      ModalProps={{ keepMounted: false }}
      // Below 1200px the menu is a modal dialog, which needs a name of its own.
      slotProps={{ paper: { 'aria-label': 'Navigation menu', sx: { ...paperSx, bgcolor: 'background.paper' } } }}
    >
      <VerticalNav onNavigate={onClose} onClose={onClose} />
    </SwipeableDrawer>
  );

  return navTheme === outer ? drawer : <ThemeProvider theme={navTheme}>{drawer}</ThemeProvider>;
}
