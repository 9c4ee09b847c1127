import { alpha, darken, decomposeColor, getContrastRatio, lighten, type Theme } from '@mui/material/styles';

/**
 * WCAG AA wants 4.5:1 for text. The palette's status colours (green, amber, red, grey,
 * blue and the brand purple) are fills, outlines and icons; text in them, or on them, uses the
 * shades below, which keep the hue (darken and lighten scale the channels alike) and go just far
 * enough to reach the ratio in the current mode. A small margin keeps rounding in a browser's
 * blending from dropping a shade below the line.
 */
export const TEXT_CONTRAST = 4.6;

export const STATUS_COLOURS = ['primary', 'secondary', 'success', 'error', 'warning', 'info'] as const;
export type StatusColour = (typeof STATUS_COLOURS)[number];

const STEP = 0.04;

/**
 * Found shades by colour, backgrounds and direction. The theme's style overrides ask for them on
 * every render of a Typography, Chip, Button or label (six colours each, up to 25 contrast ratios
 * a colour): without this, the first render of /home spent about a tenth of its script time in
 * MUI's colour parsing (bench/cpu-profile.ts). The inputs are the theme's and the stages'
 * colours, a small set; the cap only guards against a caller passing computed colours.
 */
const shades = new Map<string, string>();
const MAX_SHADES = 1000;

/**
 * What a theme's colours come to, kept with the theme object: a theme is made once per change of
 * the settings (theme-provider.tsx), its style overrides read these on every render.
 */
const byTheme = new WeakMap<Theme, Map<string, unknown>>();

function perTheme<T>(theme: Theme, key: string, compute: () => T): T {
  let known = byTheme.get(theme);
  if (!known) byTheme.set(theme, (known = new Map()));
  if (!known.has(key)) known.set(key, compute());
  return known.get(key) as T;
}

/** The nearest shade of `colour` (darker on light backgrounds, lighter on dark) readable on every background. */
export function readableShade(colour: string, backgrounds: readonly string[], towards: 'darker' | 'lighter'): string {
  const key = `${colour}|${towards}|${backgrounds.join('|')}`;
  const known = shades.get(key);
  if (known !== undefined) return known;
  if (shades.size >= MAX_SHADES) shades.clear();
  const shade = findReadableShade(colour, backgrounds, towards);
  shades.set(key, shade);
  return shade;
}

function findReadableShade(colour: string, backgrounds: readonly string[], towards: 'darker' | 'lighter'): string {
  let shade = colour;
  for (let coefficient = STEP; coefficient < 1; coefficient += STEP) {
    if (backgrounds.every((background) => getContrastRatio(shade, background) >= TEXT_CONTRAST)) return shade;
    shade = towards === 'darker' ? darken(colour, coefficient) : lighten(colour, coefficient);
  }
  return shade;
}

/** Text in a status colour on the page or a card (outlined chips, text and outlined buttons, links). */
export function statusTextColour(theme: Theme, colour: StatusColour): string {
  return perTheme(theme, `text:${colour}`, () =>
    readableShade(theme.palette[colour].main, surfacesOf(theme), theme.palette.mode === 'light' ? 'darker' : 'lighter'),
  );
}

/**
 * The backgrounds text may sit on: the page, paper, and in dark mode paper lifted by MUI's
 * elevation overlay (a white veil up to 16% at elevation 24: cards, menus, dialogs).
 */
export function surfacesOf(theme: Theme): string[] {
  const { paper, default: page } = theme.palette.background;
  return theme.palette.mode === 'light' ? [paper, page] : [paper, page, lighten(paper, DARK_OVERLAY_MAX)];
}

/** MUI's overlay alpha at elevation 24, (4.5 ln 25 + 2) / 100, rounded up. */
const DARK_OVERLAY_MAX = 0.17;

/**
 * A fill in a status colour under its contrast text (filled chips, contained buttons, toasts):
 * the main colour where the text reads on it, else the nearest shade away from the text.
 */
export function statusFill(theme: Theme, colour: StatusColour): { background: string; hover: string; text: string } {
  return perTheme(theme, `fill:${colour}`, () => findStatusFill(theme, colour));
}

function findStatusFill(theme: Theme, colour: StatusColour) {
  const { main, contrastText } = theme.palette[colour];
  const lightText = getContrastRatio(contrastText, '#000') > getContrastRatio(contrastText, '#fff');
  const background = readableShade(main, [contrastText], lightText ? 'darker' : 'lighter');
  // Hovering moves further from the text, so the hovered fill reads at least as well.
  const hover = lightText ? darken(background, 0.12) : lighten(background, 0.12);
  return { background, hover, text: contrastText };
}

/**
 * A text or outlined button in a status colour: hovering tints its background with the colour
 * (MUI's hover opacity), which takes a light shade a little closer to the text (the Delete and
 * Change stage buttons fell to 4.2:1 when hovered). The text is the shade readable on every
 * surface both plain and tinted; `hoverTint` is the tint, laid over whatever surface is beneath.
 */
export function statusButtonColours(theme: Theme, colour: StatusColour): { text: string; hoverTint: string } {
  return perTheme(theme, `button:${colour}`, () => findStatusButtonColours(theme, colour));
}

function findStatusButtonColours(theme: Theme, colour: StatusColour) {
  const { main } = theme.palette[colour];
  const hoverTint = alpha(main, theme.palette.action.hoverOpacity);
  const surfaces = surfacesOf(theme);
  const tinted = surfaces.map((surface) => blend(hoverTint, surface));
  const towards = theme.palette.mode === 'light' ? 'darker' : 'lighter';
  return { text: readableShade(main, [...surfaces, ...tinted], towards), hoverTint };
}

/** A translucent colour (rgba) laid over an opaque one: the colour the eye (and axe) sees. */
export function blend(over: string, under: string): string {
  const top = decomposeColor(over);
  const bottom = decomposeColor(under);
  const a = top.values[3] ?? 1;
  const mixed = [0, 1, 2].map((i) => Math.round(top.values[i]! * a + bottom.values[i]! * (1 - a)));
  return `rgb(${mixed.join(', ')})`;
}

/** Text in the brand colour (the product specification's #9155FD reaches only 4.26:1 on white). */
export function primaryTextColour(theme: Theme): string {
  return statusTextColour(theme, 'primary');
}

/** Background for white text in the primary colour (the active menu item's gradient). */
export function primaryFillColour(theme: Theme): string {
  return statusFill(theme, 'primary').background;
}
