import type { UiSettings } from '@boardwalk/shared/ui-settings';
import type { PaletteOptions } from '@mui/material/styles';
import { PRIMARY_COLOR } from './constants.ts';

type Colour = { light: string; main: string; dark: string; contrastText: string };

/** The six colours the customizer offers as the theme colour. */
export const THEME_COLOURS: Record<UiSettings['themeColor'], Colour> = {
  primary: { light: '#9E69FD', main: PRIMARY_COLOR, dark: '#804BDF', contrastText: '#FFF' },
  secondary: { light: '#9C9FA4', main: '#8A8D93', dark: '#777B82', contrastText: '#FFF' },
  // Dark text on the light greens, ambers and blues: white on them is 2-3:1 (WCAG AA wants 4.5).
  success: { light: '#6AD01F', main: '#56CA00', dark: '#4CB200', contrastText: 'rgba(0, 0, 0, 0.87)' },
  // dark: a deeper red than the template's, so white text on error fills keeps 4.5:1.
  error: { light: '#FF6166', main: '#FF4C51', dark: '#D32F2F', contrastText: '#FFF' },
  warning: { light: '#FFCA64', main: '#FFB400', dark: '#E09E00', contrastText: 'rgba(0, 0, 0, 0.87)' },
  info: { light: '#32BAFF', main: '#16B1FF', dark: '#139CE0', contrastText: 'rgba(0, 0, 0, 0.87)' },
};

export type PaletteMode = 'light' | 'dark';

const TEXT_RGB = { light: '58, 53, 65', dark: '231, 227, 252' } as const;

export function buildPalette(mode: PaletteMode, themeColor: UiSettings['themeColor']): PaletteOptions {
  const rgb = TEXT_RGB[mode];
  return {
    mode,
    primary: THEME_COLOURS[themeColor],
    secondary: THEME_COLOURS.secondary,
    success: THEME_COLOURS.success,
    error: THEME_COLOURS.error,
    warning: THEME_COLOURS.warning,
    info: THEME_COLOURS.info,
    background: mode === 'light' ? { default: '#F4F5FA', paper: '#FFFFFF' } : { default: '#28243D', paper: '#312D4B' },
    text: {
      primary: `rgba(${rgb}, 0.87)`,
      // 0.72 rather than the template's 0.68: 4.5:1 on white paper (WCAG AA).
      secondary: `rgba(${rgb}, 0.72)`,
      disabled: `rgba(${rgb}, 0.38)`,
    },
    divider: `rgba(${rgb}, 0.12)`,
    action: {
      active: `rgba(${rgb}, 0.54)`,
      hover: `rgba(${rgb}, 0.04)`,
      selected: `rgba(${rgb}, 0.08)`,
      disabled: `rgba(${rgb}, 0.26)`,
      disabledBackground: `rgba(${rgb}, 0.12)`,
      focus: `rgba(${rgb}, 0.12)`,
    },
  };
}
