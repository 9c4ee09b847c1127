import Drawer from '@mui/material/Drawer';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { lazy, startTransition, Suspense, useEffect, useMemo, useState, type FocusEvent } from 'react';
import { useSettings } from '../../../lib/settings/use-settings.ts';
import { createAppTheme } from '../../../lib/theme/create-app-theme.ts';
import { ANIMATION, NAV_COLLAPSED_WIDTH, NAV_WIDTH, SWIPE_AREA_WIDTH } from '../../../lib/theme/constants.ts';
import { VerticalNav } from './vertical-nav.tsx';

// Below 1200px only (decision 055): a desktop never loads the swipeable drawer.
const SwipeableDrawer = lazy(() => import('@mui/material/SwipeableDrawer'));

export type NavDrawerProps = {
  desktop: boolean;
  /** The permanent menu is 68px wide and expands over the content on hover or focus. */
  collapsed?: boolean;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
};

const paperSx = { width: NAV_WIDTH, borderRight: 0, bgcolor: 'background.default', backgroundImage: 'none' } as const;

/** Touch screens open the temporary menu by a swipe from the 20px edge; a mouse has the menu button. */
const touchScreen = typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;

/**
 * True once the page has settled: an idle moment after the first second. The temporary menu's
 * code (SwipeableDrawer and its NoSsr, two chained requests) waits for it, or for the menu
 * button: requested with the shell's first paint, it was among the requests Lighthouse counts
 * before /home's greeting, its largest paint (decision 063).
 */
export function useSettled(afterMs = 1000): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const settle = () => startTransition(() => setSettled(true));
    const timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(settle, { timeout: 2000 });
      else settle();
    }, afterMs);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [afterMs]);
  return settled;
}

/** Permanent 260px menu on large screens; below 1200px a temporary drawer (swipe from the edge). */
export function NavDrawer({ desktop, collapsed = false, open, onOpen, onClose }: NavDrawerProps) {
  const { settings, saveSettings } = useSettings();
  const outer = useTheme();
  const [peek, setPeek] = useState(false);
  const settled = useSettled();
  // Once wanted, the temporary drawer stays mounted (it closes with its transition).
  const [drawerWanted, setDrawerWanted] = useState(false);
  if ((open || settled) && !drawerWanted) setDrawerWanted(true);
  const mini = collapsed && !peek;
  const width = collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH;
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setPeek(false);
  };
  // Semi-dark: a dark menu beside light content.
  const navTheme = useMemo(
    () =>
      settings.mode === 'semi-dark'
        ? createAppTheme({
            mode: 'dark',
            skin: settings.skin,
            themeColor: settings.themeColor,
            direction: outer.direction,
          })
        : outer,
    [settings.mode, settings.skin, settings.themeColor, outer],
  );

  const drawer = desktop ? (
    <Drawer
      variant="permanent"
      sx={{ width, flexShrink: 0, transition: `width ${ANIMATION}` }}
      slotProps={{
        paper: {
          'data-collapsed': mini ? 'true' : 'false',
          onMouseEnter: () => setPeek(true),
          onMouseLeave: () => setPeek(false),
          onFocus: () => setPeek(true),
          onBlur,
          sx: {
            ...paperSx,
            width: mini ? NAV_COLLAPSED_WIDTH : NAV_WIDTH,
            overflowX: 'hidden',
            transition: `width ${ANIMATION}, box-shadow ${ANIMATION}`,
            boxShadow: collapsed && peek ? 8 : 'none',
            position: 'fixed',
            bgcolor: settings.mode === 'semi-dark' ? 'background.paper' : 'background.default',
          },
        } as object,
      }}
    >
      <VerticalNav
        mini={mini}
        collapsed={collapsed}
        onToggleCollapsed={() => saveSettings({ navCollapsed: !collapsed })}
      />
    </Drawer>
  ) : !drawerWanted ? null : (
    // Closed at first: nothing to show while it loads.
    <Suspense fallback={null}>
      <SwipeableDrawer
        anchor="left"
        open={open}
        onOpen={onOpen}
        onClose={onClose}
        swipeAreaWidth={SWIPE_AREA_WIDTH}
        disableSwipeToOpen={!touchScreen}
        disableBackdropTransition
        ModalProps={{ keepMounted: false }}
        // Below 1200px the menu is a modal dialog, which needs a name of its own.
        slotProps={{ paper: { 'aria-label': 'Navigation menu', sx: { ...paperSx, bgcolor: 'background.paper' } } }}
      >
        <VerticalNav onNavigate={onClose} onClose={onClose} />
      </SwipeableDrawer>
    </Suspense>
  );

  return navTheme === outer ? drawer : <ThemeProvider theme={navTheme}>{drawer}</ThemeProvider>;
}
