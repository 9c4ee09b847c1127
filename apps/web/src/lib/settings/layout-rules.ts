import type { UiSettings } from '@boardwalk/shared/ui-settings';

/**
 * The layout rules (narrow/wide, vertical/horizontal) as pure functions, so the provider, the shell and the customizer
 * agree on them (ADR 040). Nothing here reads the screen or the storage: callers pass both in.
 */

/** Horizontal layout has no semi-dark mode (back to light) and no hidden app bar (back to fixed). */
export function applyLayoutRules(settings: UiSettings): UiSettings {
  if (settings.layout !== 'horizontal') return settings;
  let result = settings;
  if (result.mode === 'semi-dark') result = { ...result, mode: 'light' };
  if (result.appBar === 'hidden') result = { ...result, appBar: 'fixed' };
  return result;
}

/** A change from the customizer: choosing a layout also remembers it as the last layout. */
export function withChange(current: UiSettings, patch: Partial<UiSettings>): UiSettings {
  const next = { ...current, ...patch };
  if (patch.layout) next.lastLayout = patch.layout;
  return applyLayoutRules(next);
}

/**
 * What the shell shows on a screen of this width. Below the large breakpoint the
 * layout is vertical, the menu is not collapsed and the app bar is shown (it holds the only
 * button that opens the menu there); from it up, the chosen (last) layout comes back. The
 * stored settings are left alone, so a phone does not rewrite the user's desktop choice.
 */
export function settingsForScreen(settings: UiSettings, wide: boolean): UiSettings {
  if (wide) return settings;
  return {
    ...settings,
    layout: 'vertical',
    navCollapsed: false,
    appBar: settings.appBar === 'hidden' ? 'fixed' : settings.appBar,
  };
}

export const MODE_CHOICES = ['light', 'dark', 'semi-dark'] as const;
export const APP_BAR_CHOICES = ['fixed', 'static', 'hidden'] as const;

/** Semi-dark is not offered in the horizontal layout. */
export function modeChoices(layout: UiSettings['layout']): UiSettings['mode'][] {
  return layout === 'horizontal' ? ['light', 'dark'] : [...MODE_CHOICES];
}

/** A hidden app bar is not offered in the horizontal layout (it goes back to fixed there). */
export function appBarChoices(layout: UiSettings['layout']): UiSettings['appBar'][] {
  return layout === 'horizontal' ? ['fixed', 'static'] : [...APP_BAR_CHOICES];
}

/** The keys whose value differs between two settings (what a change sends to the server). */
export function changedKeys(before: UiSettings, after: UiSettings): Partial<UiSettings> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof UiSettings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key];
  }
  return patch;
}
