import { lighten, type Theme } from '@mui/material/styles';

/**
 * The brand purple #9155FD (SPEC §9) reaches only 4.26:1 against white, below WCAG AA's 4.5:1
 * for text. It stays the palette's main colour (fills, outlines, icons, the progress bar);
 * text in it and white text on it use these shades instead (5.3:1 and better).
 */
export function primaryTextColour(theme: Theme): string {
  return theme.palette.mode === 'light' ? theme.palette.primary.dark : lighten(theme.palette.primary.main, 0.4);
}

/** Background for white text in the primary colour (contained buttons, filled chips, avatars). */
export function primaryFillColour(theme: Theme): string {
  return theme.palette.primary.dark;
}

/** The palette colours whose white-text fills use the dark shade (see palette.ts). */
export const DARK_FILL_COLOURS = ['primary', 'error'] as const;
