import { describe, expect, it } from 'vitest';
import {
  appBarChoices,
  applyLayoutRules,
  changedKeys,
  modeChoices,
  settingsForScreen,
  withChange,
} from './layout-rules.ts';
import { BOOT_DEFAULTS } from './settings-storage.ts';

const base = BOOT_DEFAULTS;

describe('layout rules', () => {
  it('forces semi-dark back to light when the horizontal layout is chosen, and leaves it in vertical', () => {
    const semiDark = withChange(base, { mode: 'semi-dark' });
    expect(semiDark.mode).toBe('semi-dark');
    expect(withChange(semiDark, { layout: 'horizontal' })).toMatchObject({ layout: 'horizontal', mode: 'light' });
    expect(withChange(withChange(semiDark, { layout: 'horizontal' }), { mode: 'semi-dark' }).mode).toBe('light');
    expect(withChange(base, { layout: 'horizontal', mode: 'dark' }).mode).toBe('dark');
  });

  it('puts a hidden app bar back to fixed when the horizontal layout is chosen, and keeps a static one', () => {
    const hidden = withChange(base, { appBar: 'hidden' });
    expect(hidden.appBar).toBe('hidden');
    expect(withChange(hidden, { layout: 'horizontal' }).appBar).toBe('fixed');
    expect(withChange(withChange(base, { appBar: 'static' }), { layout: 'horizontal' }).appBar).toBe('static');
    expect(applyLayoutRules({ ...base, layout: 'horizontal', appBar: 'hidden', mode: 'semi-dark' })).toMatchObject({
      appBar: 'fixed',
      mode: 'light',
    });
  });

  it('remembers the chosen layout as the last layout', () => {
    expect(withChange(base, { layout: 'horizontal' })).toMatchObject({
      layout: 'horizontal',
      lastLayout: 'horizontal',
    });
    expect(withChange(withChange(base, { layout: 'horizontal' }), { layout: 'vertical' }).lastLayout).toBe('vertical');
    expect(withChange(base, { skin: 'bordered' }).lastLayout).toBe('vertical');
  });

  it('below 1200px shows the vertical layout, uncollapsed, with its app bar; from 1200px the choice comes back', () => {
    const chosen = withChange(base, { layout: 'horizontal', navCollapsed: true });
    const narrow = settingsForScreen(chosen, false);
    expect(narrow).toMatchObject({ layout: 'vertical', navCollapsed: false, lastLayout: 'horizontal' });
    expect(settingsForScreen(withChange(base, { appBar: 'hidden' }), false).appBar).toBe('fixed');
    expect(settingsForScreen(chosen, true)).toBe(chosen);
    // The stored choice is untouched, so widening again brings the last layout back.
    expect(chosen).toMatchObject({ layout: 'horizontal', navCollapsed: true });
    expect(settingsForScreen(withChange(base, { navCollapsed: true }), true).navCollapsed).toBe(true);
  });

  it('does not offer semi-dark or a hidden app bar in the horizontal layout', () => {
    expect(modeChoices('vertical')).toEqual(['light', 'dark', 'semi-dark']);
    expect(modeChoices('horizontal')).toEqual(['light', 'dark']);
    expect(appBarChoices('vertical')).toEqual(['fixed', 'static', 'hidden']);
    expect(appBarChoices('horizontal')).toEqual(['fixed', 'static']);
  });

  it('names what a change altered, rules included, for the server', () => {
    const before = withChange(base, { mode: 'semi-dark' });
    expect(changedKeys(before, withChange(before, { layout: 'horizontal' }))).toEqual({
      layout: 'horizontal',
      lastLayout: 'horizontal',
      mode: 'light',
    });
    expect(changedKeys(base, base)).toEqual({});
  });
});
