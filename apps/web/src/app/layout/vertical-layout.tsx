import Box from '@mui/material/Box';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSettings } from '../../lib/settings/use-settings.ts';
import { BOXED_CONTENT_WIDTH } from '../../lib/theme/constants.ts';
import { AppBarContent } from './app-bar-content.tsx';
import { Footer } from './footer.tsx';
import { NavDrawer } from './nav/nav-drawer.tsx';
import { useWideScreen } from './screen-settings.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { SkipLink } from './skip-link.tsx';

/**
 * The vertical layout: a permanent 260px menu (68px collapsed) from the large
 * breakpoint up, a temporary drawer below it or when the menu is hidden; top bar (fixed, static
 * or hidden), content (boxed at 1440px by default), footer (fixed, static or hidden).
 */
export function VerticalLayout({ children }: { children: ReactNode }) {
  const wide = useWideScreen();
  const { settings } = useSettings();
  const desktop = wide && !settings.navHidden;
  // The top bar holds the only button that opens a temporary menu, so it stays then.
  const showAppBar = settings.appBar !== 'hidden' || !desktop;
  const [navOpen, setNavOpen] = useState(false);
  const { pathname } = useLocation();
  const boxed = settings.contentWidth === 'boxed';

  const closeNav = useCallback(() => setNavOpen(false), []);
  useEffect(() => {
    if (desktop) setNavOpen(false);
  }, [desktop]);
  useEffect(() => closeNav(), [pathname, closeNav]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SkipLink />
      <NavDrawer
        desktop={desktop}
        collapsed={settings.navCollapsed}
        open={navOpen}
        onOpen={() => setNavOpen(true)}
        onClose={closeNav}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {showAppBar ? (
          <AppBarContent
            showMenuButton={!desktop}
            onOpenNav={() => setNavOpen(true)}
            maxWidth={boxed ? BOXED_CONTENT_WIDTH : undefined}
          />
        ) : null}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{
            flexGrow: 1,
            width: '100%',
            mx: 'auto',
            maxWidth: boxed ? BOXED_CONTENT_WIDTH : 'none',
            px: { xs: 2, sm: 3, md: 4 },
            py: 3,
            outline: 'none',
          }}
        >
          {children}
        </Box>
        {settings.footer === 'hidden' ? null : (
          <Footer maxWidth={boxed ? BOXED_CONTENT_WIDTH : undefined} fixed={settings.footer === 'fixed'} />
        )}
      </Box>
      <ScrollToTop />
    </Box>
  );
}
