import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { usePortalName } from '../../../lib/portal-name.ts';
import { useSettings } from '../../../lib/settings/use-settings.ts';
import { BOXED_CONTENT_WIDTH, TOOLBAR_MIN_HEIGHT } from '../../../lib/theme/constants.ts';
import { Footer } from '../footer.tsx';
import { ModeToggler } from '../mode-toggler.tsx';
import { ScrollToTop } from '../scroll-to-top.tsx';
import { SearchTrigger } from '../search/search-trigger.tsx';
import { SkipLink } from '../skip-link.tsx';
import { UserDropdown } from '../user-dropdown.tsx';
import { HorizontalNav } from './horizontal-nav.tsx';

/**
 * The horizontal layout, from 1200px only (ScreenSettings): the top bar
 * (fixed or static: never hidden here) with the brand and the whole menu under it.
 */
export function HorizontalLayout({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const portalName = usePortalName();
  const maxWidth = settings.contentWidth === 'boxed' ? BOXED_CONTENT_WIDTH : 'none';
  const blur = settings.appBarBlur;
  const row = { width: '100%', maxWidth, mx: 'auto', px: { xs: 2, sm: 3, md: 4 } } as const;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SkipLink />
      <AppBar
        component="header"
        data-layout="horizontal"
        position={settings.appBar === 'static' ? 'static' : 'sticky'}
        elevation={0}
        color="default"
        sx={(theme) => ({
          backgroundColor: blur ? alpha(theme.palette.background.paper, 0.85) : theme.palette.background.paper,
          backdropFilter: blur ? 'blur(6px)' : 'none',
          color: 'text.primary',
          borderBottom: `1px solid ${theme.palette.divider}`,
        })}
      >
        <Toolbar sx={{ ...row, minHeight: TOOLBAR_MIN_HEIGHT, gap: 1 }}>
          <Box
            component={RouterLink}
            to="/"
            aria-label={`${portalName} Portal, landing page`}
            sx={{ textDecoration: 'none', display: 'flex', mr: 2 }}
          >
            <BrandLogo name={portalName} />
          </Box>
          <SearchTrigger />
          <Box sx={{ flexGrow: 1 }} />
          <ModeToggler />
          <UserDropdown />
        </Toolbar>
        {settings.navHidden ? null : (
          <>
            <Divider />
            <Box sx={row}>
              <HorizontalNav />
            </Box>
          </>
        )}
      </AppBar>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ ...row, flexGrow: 1, py: 3, outline: 'none' }}>
        {children}
      </Box>
      {settings.footer === 'hidden' ? null : (
        <Footer maxWidth={maxWidth === 'none' ? undefined : maxWidth} fixed={settings.footer === 'fixed'} />
      )}
      <ScrollToTop />
    </Box>
  );
}
