import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useSettings } from '../lib/settings/use-settings.ts';
import { createAppTheme } from '../lib/theme/create-app-theme.ts';

/** The MUI theme from the UI settings. Semi-dark content is light (the menu goes dark itself). */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const mode = settings.mode === 'dark' ? 'dark' : 'light';
  const theme = useMemo(
    () => createAppTheme({ mode, skin: settings.skin, themeColor: settings.themeColor, direction: settings.direction }),
    [mode, settings.skin, settings.themeColor, settings.direction],
  );

  useEffect(() => {
    const root = document.documentElement;
    root.style.colorScheme = mode;
    root.style.backgroundColor = theme.palette.background.default;
    root.dataset.mode = mode;
    root.dir = settings.direction;
  }, [mode, theme, settings.direction]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
