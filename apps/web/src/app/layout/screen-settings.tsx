import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, type ReactNode } from 'react';
import { settingsForScreen } from '../../lib/settings/layout-rules.ts';
import { SettingsContext } from '../../lib/settings/settings-context.ts';
import { useSettings } from '../../lib/settings/use-settings.ts';

/** True from the large breakpoint (1200px) up, where the menu is permanent and horizontal is allowed. */
export function useWideScreen(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
}

/**
 * Hands the shell the settings as this screen shows them (settingsForScreen): below
 * 1200px vertical and uncollapsed, from 1200px the user's choice. Saving still goes to the user's
 * stored settings.
 */
export function ScreenSettings({ children }: { children: ReactNode }) {
  const wide = useWideScreen();
  const stored = useSettings();
  const value = useMemo(
    () => ({ settings: settingsForScreen(stored.settings, wide), saveSettings: stored.saveSettings }),
    [stored, wide],
  );
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}
