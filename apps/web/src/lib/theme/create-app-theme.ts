import type { UiSettings } from '@boardwalk/shared/ui-settings';
import { createTheme, type Theme } from '@mui/material/styles';
import {
  primaryTextColour,
  STATUS_COLOURS,
  statusButtonColours,
  statusFill,
  statusTextColour,
} from './accessible-colours.ts';
import { ANIMATION_MS, BREAKPOINTS, TOOLBAR_MIN_HEIGHT } from './constants.ts';
import { buildPalette, type PaletteMode } from './palette.ts';

export type ThemeInput = Pick<UiSettings, 'skin' | 'themeColor' | 'direction'> & { mode: PaletteMode };

const FONT_FAMILY = [
  'Inter',
  'sans-serif',
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  'Arial',
].join(',');

/** The MUI theme for one mode. Semi-dark is light content with a dark menu: the shell asks for both. */
export function createAppTheme({ mode, skin, themeColor, direction }: ThemeInput): Theme {
  const bordered = skin === 'bordered';
  return createTheme({
    direction,
    palette: buildPalette(mode, themeColor),
    breakpoints: { values: { ...BREAKPOINTS } },
    shape: { borderRadius: 6 },
    typography: {
      fontFamily: FONT_FAMILY,
      h1: { fontWeight: 500, fontSize: '3.5rem' },
      h2: { fontWeight: 500, fontSize: '2.75rem' },
      h3: { fontWeight: 500, fontSize: '2.25rem' },
      h4: { fontWeight: 500, fontSize: '1.75rem' },
      h5: { fontWeight: 500, fontSize: '1.5rem' },
      h6: { fontWeight: 500, fontSize: '1.25rem', letterSpacing: '0.15px' },
      button: { fontWeight: 500, letterSpacing: '0.3px', textTransform: 'uppercase' },
    },
    mixins: { toolbar: { minHeight: TOOLBAR_MIN_HEIGHT } },
    transitions: {
      duration: { standard: ANIMATION_MS, enteringScreen: ANIMATION_MS, leavingScreen: ANIMATION_MS },
    },
    components: {
      MuiButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            variants: STATUS_COLOURS.flatMap((color) => {
              const fill = statusFill(theme, color);
              const { text, hoverTint } = statusButtonColours(theme, color);
              return [
                {
                  props: { variant: 'contained' as const, color },
                  style: {
                    backgroundColor: fill.background,
                    color: fill.text,
                    '&:hover': { backgroundColor: fill.hover },
                  },
                },
                {
                  props: { variant: 'text' as const, color },
                  style: { color: text, '&:hover': { '--variant-textBg': hoverTint } },
                },
                {
                  props: { variant: 'outlined' as const, color },
                  style: { color: text, '&:hover': { '--variant-outlinedBg': hoverTint } },
                },
              ];
            }),
          }),
        },
      },
      MuiChip: {
        styleOverrides: {
          root: ({ theme }) => ({
            variants: STATUS_COLOURS.flatMap((color) => {
              const fill = statusFill(theme, color);
              return [
                {
                  props: { variant: 'filled' as const, color },
                  style: { backgroundColor: fill.background, color: fill.text },
                },
                { props: { variant: 'outlined' as const, color }, style: { color: statusTextColour(theme, color) } },
              ];
            }),
          }),
        },
      },
      MuiTypography: {
        styleOverrides: {
          // Text in a status colour (color="error": an overdue stage, a failed check) in its readable shade.
          root: ({ theme }) => ({
            variants: STATUS_COLOURS.map((color) => ({
              props: { color },
              style: { color: statusTextColour(theme, color) },
            })),
          }),
        },
      },
      MuiIconButton: {
        styleOverrides: {
          // The ripple's pulse alone is too faint to find the keyboard focus by (WCAG 2.4.7).
          root: ({ theme }) => ({
            '&.Mui-focusVisible': { outline: `2px solid ${primaryTextColour(theme)}`, outlineOffset: 2 },
          }),
        },
      },
      MuiLink: {
        styleOverrides: {
          root: ({ theme }) => ({
            variants: [{ props: { color: 'primary' }, style: { color: primaryTextColour(theme) } }],
          }),
        },
      },
      MuiInputLabel: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focused:not(.Mui-error)': { color: primaryTextColour(theme) },
            '&.Mui-error': { color: statusTextColour(theme, 'error') },
          }),
        },
      },
      MuiFormLabel: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focused:not(.Mui-error)': { color: primaryTextColour(theme) },
            '&.Mui-error': { color: statusTextColour(theme, 'error') },
          }),
        },
      },
      MuiFormHelperText: {
        styleOverrides: {
          // A field's error message (the palette's #FF4C51 is 3.3:1 on white) in the readable shade;
          // a disabled field's help (why it is disabled, what it holds) stays readable too (MUI's
          // disabled text is 2.1:1 on white).
          root: ({ theme }) => ({
            '&.Mui-error': { color: statusTextColour(theme, 'error') },
            '&.Mui-disabled': { color: theme.palette.text.secondary },
          }),
        },
      },
      MuiCard: {
        defaultProps: bordered ? { variant: 'outlined', elevation: 0 } : { elevation: 2 },
      },
      MuiCssBaseline: {
        styleOverrides: {
          html: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
        },
      },
    },
  });
}
