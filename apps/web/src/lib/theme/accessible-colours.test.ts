import { getContrastRatio, type Theme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import {
  blend,
  STATUS_COLOURS,
  statusFill,
  statusTextColour,
  surfacesOf,
  type StatusColour,
} from './accessible-colours.ts';
import { createAppTheme } from './create-app-theme.ts';
import { THEME_COLOURS } from './palette.ts';

const AA_TEXT = 4.5;
const themes = (['light', 'dark'] as const).flatMap((mode) =>
  (Object.keys(THEME_COLOURS) as (keyof typeof THEME_COLOURS)[]).map((themeColor) => ({
    mode,
    themeColor,
    theme: createAppTheme({ mode, themeColor, skin: 'default', direction: 'ltr' }),
  })),
);

/** The hue in degrees of a #rrggbb or rgb() colour. */
function hueOf(colour: string): number {
  const [r, g, b] = (
    colour.startsWith('#')
      ? [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16))
      : (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
  ).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

type VariantStyle = {
  color?: string;
  backgroundColor?: string;
  '&:hover'?: { backgroundColor?: string; '--variant-textBg'?: string; '--variant-outlinedBg'?: string };
};

/** The style a theme's component override gives for some props (MUI's `variants` entries). */
function variantStyle(theme: Theme, component: 'MuiButton' | 'MuiChip', props: Record<string, string>): VariantStyle {
  const root = theme.components?.[component]?.styleOverrides?.root as (arg: { theme: Theme }) => {
    variants: { props: Record<string, string>; style: VariantStyle }[];
  };
  const match = root({ theme }).variants.find((v) => Object.entries(props).every(([k, value]) => v.props[k] === value));
  return match?.style ?? {};
}

describe('status colours (text reaches WCAG AA, the hue stays)', () => {
  it('counts a dark card lifted by its elevation among the surfaces (#3b3754, where axe found 4.05:1)', () => {
    const dark = themes.find((t) => t.mode === 'dark')!.theme;
    expect(getContrastRatio(statusTextColour(dark, 'primary'), '#3b3754')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(getContrastRatio(statusTextColour(dark, 'secondary'), '#3b3754')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(themes.map((t) => [t.mode, t.themeColor, t.theme] as const))(
    '%s mode, %s theme: text in each status colour reads on paper and page, in its own hue',
    (_mode, _themeColor, theme) => {
      for (const colour of STATUS_COLOURS) {
        const text = statusTextColour(theme, colour);
        for (const background of surfacesOf(theme))
          expect(getContrastRatio(text, background), `${colour} text on ${background}`).toBeGreaterThanOrEqual(AA_TEXT);
        // Grey has no hue to keep (the secondary colour, and the primary in the grey theme).
        if (theme.palette[colour].main !== THEME_COLOURS.secondary.main)
          expect(Math.abs(hueOf(text) - hueOf(theme.palette[colour].main))).toBeLessThan(2);
      }
    },
  );

  it.each(themes.map((t) => [t.mode, t.themeColor, t.theme] as const))(
    '%s mode, %s theme: each fill and its hover read under their text',
    (_mode, _themeColor, theme) => {
      for (const colour of STATUS_COLOURS) {
        const fill = statusFill(theme, colour);
        expect(getContrastRatio(fill.text, fill.background), `${colour} fill`).toBeGreaterThanOrEqual(AA_TEXT);
        expect(getContrastRatio(fill.text, fill.hover), `${colour} hover`).toBeGreaterThanOrEqual(AA_TEXT);
      }
    },
  );

  // The cases axe found: Low / Medium / High risk chips, the SMS chip, "Suspend", the dialog's "Sign out".
  const used: [string, 'MuiButton' | 'MuiChip', string, StatusColour][] = [
    ['outlined chip', 'MuiChip', 'outlined', 'success'],
    ['outlined chip', 'MuiChip', 'outlined', 'warning'],
    ['outlined chip', 'MuiChip', 'outlined', 'error'],
    ['outlined chip', 'MuiChip', 'outlined', 'secondary'],
    ['filled chip', 'MuiChip', 'filled', 'secondary'],
    ['outlined button', 'MuiButton', 'outlined', 'warning'],
    ['text button', 'MuiButton', 'text', 'secondary'],
    ['text button', 'MuiButton', 'text', 'error'],
    ['contained button', 'MuiButton', 'contained', 'error'],
  ];
  it.each(
    themes.filter((t) => t.themeColor === 'primary').flatMap((t) => used.map((u) => [t.mode, ...u, t.theme] as const)),
  )('%s mode: the theme gives a %s in %s… readable text', (_mode, _what, component, variant, color, theme) => {
    const style = variantStyle(theme, component, { variant, color });
    const text = style.color as string;
    const backgrounds = style.backgroundColor ? [style.backgroundColor] : surfacesOf(theme);
    for (const background of backgrounds) expect(getContrastRatio(text, background)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  // A user hovers: the hovered Delete (text, error) and Change stage buttons read 4.24:1 and 4.18:1.
  it.each(themes.map((t) => [t.mode, t.themeColor, t.theme] as const))(
    '%s mode, %s theme: every status button keeps its text readable when hovered',
    (_mode, _themeColor, theme) => {
      for (const color of STATUS_COLOURS) {
        const contained = variantStyle(theme, 'MuiButton', { variant: 'contained', color });
        const hovered = contained['&:hover']?.backgroundColor;
        expect(hovered, `contained ${color} has a hover fill`).toBeDefined();
        for (const background of [contained.backgroundColor!, hovered!])
          expect(
            getContrastRatio(contained.color!, background),
            `contained ${color} on ${background}`,
          ).toBeGreaterThanOrEqual(AA_TEXT);
        for (const variant of ['text', 'outlined'] as const) {
          const style = variantStyle(theme, 'MuiButton', { variant, color });
          const tint = style['&:hover']?.[`--variant-${variant}Bg`];
          expect(tint, `${variant} ${color} declares its hover tint`).toBeDefined();
          for (const surface of surfacesOf(theme))
            for (const background of [surface, blend(tint!, surface)])
              expect(
                getContrastRatio(style.color!, background),
                `${variant} ${color} on ${background}`,
              ).toBeGreaterThanOrEqual(AA_TEXT);
        }
      }
    },
  );

  it.each(themes.filter((t) => t.themeColor === 'primary').map((t) => [t.mode, t.theme] as const))(
    '%s mode: a field in error shows its label and message in a readable red (not #FF4C51, 3.3:1 on white)',
    (_mode, theme) => {
      for (const component of ['MuiFormHelperText', 'MuiFormLabel', 'MuiInputLabel'] as const) {
        const root = theme.components?.[component]?.styleOverrides?.root as (arg: {
          theme: Theme;
        }) => Record<string, { color?: string }>;
        const colour = root({ theme })['&.Mui-error']?.color;
        expect(colour, component).toBeDefined();
        for (const background of surfacesOf(theme))
          expect(getContrastRatio(colour!, background), `${component} on ${background}`).toBeGreaterThanOrEqual(
            AA_TEXT,
          );
      }
    },
  );

  it.each(themes.filter((t) => t.themeColor === 'primary').map((t) => [t.mode, t.theme] as const))(
    "%s mode: a disabled field's help text stays readable (MUI's disabled text is 2.1:1 on white)",
    (_mode, theme) => {
      const root = theme.components?.MuiFormHelperText?.styleOverrides?.root as (arg: {
        theme: Theme;
      }) => Record<string, { color?: string }>;
      const colour = root({ theme })['&.Mui-disabled']?.color;
      expect(colour).toBeDefined();
      for (const background of surfacesOf(theme))
        expect(getContrastRatio(colour!, background), `on ${background}`).toBeGreaterThanOrEqual(AA_TEXT);
    },
  );

  it('blends a translucent colour over a surface as the browser does', () => {
    expect(blend('rgba(255, 0, 0, 0.5)', '#ffffff')).toBe('rgb(255, 128, 128)');
    expect(blend('rgba(145, 85, 253, 0.04)', '#312D4B')).toBe('rgb(53, 47, 82)');
  });

  it('gives icon buttons a visible focus ring', () => {
    const theme = themes[0]!.theme;
    const root = theme.components?.MuiIconButton?.styleOverrides?.root as (arg: {
      theme: Theme;
    }) => Record<string, { outline?: string }>;
    expect(root({ theme })['&.Mui-focusVisible']?.outline).toMatch(/^2px solid /);
  });
});
