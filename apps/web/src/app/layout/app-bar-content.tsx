import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import { useSettings } from '../../lib/settings/use-settings.ts';
import { TOOLBAR_MIN_HEIGHT } from '../../lib/theme/constants.ts';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { CustomizerCog } from './customizer/customizer-cog.tsx';
import { ModeToggler } from './mode-toggler.tsx';
import { SearchTrigger } from './search/search-trigger.tsx';
import { UserDropdown } from './user-dropdown.tsx';

export type AppBarContentProps = {
  showMenuButton: boolean;
  onOpenNav: () => void;
  maxWidth?: number;
};

/** The top bar: menu button below 1200px, search, light/dark, notifications, the user's menu. */
export function AppBarContent({ showMenuButton, onOpenNav, maxWidth }: AppBarContentProps) {
  const { settings } = useSettings();
  const blur = settings.appBarBlur;
  return (
    <AppBar
      component="header"
      position={settings.appBar === 'static' ? 'static' : 'sticky'}
      elevation={0}
      color="default"
      sx={(theme) => ({
        backgroundColor: blur ? alpha(theme.palette.background.default, 0.85) : theme.palette.background.default,
        backdropFilter: blur ? 'blur(6px)' : 'none',
        color: 'text.primary',
        transition: 'all .25s ease-in-out',
      })}
    >
      <Toolbar
        sx={{
          minHeight: TOOLBAR_MIN_HEIGHT,
          width: '100%',
          maxWidth: maxWidth ?? 'none',
          mx: 'auto',
          px: { xs: 2, sm: 3, md: 4 },
          gap: 1,
        }}
      >
        {showMenuButton ? (
          <IconButton edge="start" aria-label="Open navigation" onClick={onOpenNav} color="inherit">
            <MenuIcon />
          </IconButton>
        ) : null}
        <SearchTrigger />
        <Box sx={{ flexGrow: 1 }} />
        <ModeToggler />
        <CustomizerCog inline />
        <NotificationBell />
        <UserDropdown />
      </Toolbar>
    </AppBar>
  );
}
