import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSettings } from '../../lib/settings/use-settings.ts';
import { BOXED_CONTENT_WIDTH } from '../../lib/theme/constants.ts';
import { AppBarContent } from './app-bar-content.tsx';
import { Footer } from './footer.tsx';
import { NavDrawer } from './nav/nav-drawer.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { SkipLink } from './skip-link.tsx';

/**
 * The vertical layout (SPEC §2, §4): a permanent 260px menu from the large breakpoint up, a
 * temporary drawer below it; top bar, content (boxed at 1440px by default), footer.
 */
export function VerticalLayout({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { settings } = useSettings();
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
      <NavDrawer desktop={desktop} open={navOpen} onOpen={() => setNavOpen(true)} onClose={closeNav} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBarContent
          showMenuButton={!desktop}
          onOpenNav={() => setNavOpen(true)}
          maxWidth={boxed ? BOXED_CONTENT_WIDTH : undefined}
        />
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
        {settings.footer === 'hidden' ? null : <Footer maxWidth={boxed ? BOXED_CONTENT_WIDTH : undefined} />}
      </Box>
      <ScrollToTop />
    </Box>
  );
}
