import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { EMOTION_CACHE_KEY } from '@boardwalk/shared/start-styles';
import { useSettings } from '../lib/settings/use-settings.ts';
import { createAppTheme } from '../lib/theme/create-app-theme.ts';

/**
 * Left-to-right styles go through a cache of our own too, so switching direction swaps the
 * cache's value instead of wrapping the tree anew (which would remount every page).
 */
const ltrCache = createCache({ key: EMOTION_CACHE_KEY });

/** The right-to-left style cache, fetched the first time the direction is rtl (off the first-load path). */
function useRtlCache(rtl: boolean): EmotionCache | undefined {
  const [cache, setCache] = useState<EmotionCache>();
  useEffect(() => {
    if (!rtl || cache) return;
    let cancelled = false;
    void import('../lib/theme/rtl-cache.ts').then((module) => {
      if (!cancelled) setCache(module.rtlCache);
    });
    return () => {
      cancelled = true;
    };
  }, [rtl, cache]);
  return rtl ? cache : undefined;
}

/** The MUI theme from the UI settings. Semi-dark content is light (the menu goes dark itself). */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const mode = settings.mode === 'dark' ? 'dark' : 'light';
  const rtlCache = useRtlCache(settings.direction === 'rtl');
  // Until the rtl styles are loaded the page stays left-to-right, rather than half mirrored.
  const direction = rtlCache ? 'rtl' : 'ltr';
  const theme = useMemo(
    () => createAppTheme({ mode, skin: settings.skin, themeColor: settings.themeColor, direction }),
    [mode, settings.skin, settings.themeColor, direction],
  );

  useEffect(() => {
    const root = document.documentElement;
    root.style.colorScheme = mode;
    root.style.backgroundColor = theme.palette.background.default;
    root.dataset.mode = mode;
    root.dir = direction;
  }, [mode, theme, direction]);

  return (
    <CacheProvider value={rtlCache ?? ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
