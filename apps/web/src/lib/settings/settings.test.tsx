import { UI_SETTINGS_DEFAULTS, UI_SETTINGS_STORAGE_KEY, uiSettingsSchema } from '@boardwalk/shared/ui-settings';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { BOOT_DEFAULTS, coerceSettings, SETTINGS_STORAGE_KEY } from './settings-storage.ts';
import { SettingsProvider } from './settings-provider.tsx';
import { useSettings } from './use-settings.ts';
import { validateSettings } from './settings-validate.ts';
import { checkSettings, SETTING_CHOICES, SETTING_FLAGS, STRUCTURED_SETTINGS, ZONE_SETTINGS } from './settings-check.ts';

describe('UI settings storage', () => {
  it('keeps its start-up copies equal to the shared contract', () => {
    expect(BOOT_DEFAULTS).toEqual(UI_SETTINGS_DEFAULTS);
    expect(SETTINGS_STORAGE_KEY).toBe(UI_SETTINGS_STORAGE_KEY);
  });

  it('applies the layout rules: horizontal has no semi-dark and no hidden app bar', () => {
    expect(coerceSettings({ layout: 'horizontal', mode: 'semi-dark' })).toMatchObject({
      layout: 'horizontal',
      mode: 'light',
    });
    expect(coerceSettings({ layout: 'vertical', mode: 'semi-dark' }).mode).toBe('semi-dark');
    expect(coerceSettings({ appBar: 'hidden' }).appBar).toBe('hidden');
    expect(coerceSettings({ layout: 'horizontal', appBar: 'hidden' }).appBar).toBe('fixed');
    expect(validateSettings({ layout: 'horizontal', mode: 'semi-dark', appBar: 'hidden' })).toMatchObject({
      mode: 'light',
      appBar: 'fixed',
    });
  });

  it('drops values of the wrong kind at start-up and invalid ones after the schema check', () => {
    expect(coerceSettings({ navCollapsed: 'yes', mode: 'dark', unknown: 1 })).toEqual({
      ...BOOT_DEFAULTS,
      mode: 'dark',
    });
    expect(validateSettings({ mode: 'purple', skin: 'bordered' })).toEqual({ ...BOOT_DEFAULTS, skin: 'bordered' });
  });
});

describe('the zod-free settings check', () => {
  it('knows every key of the shared schema, with its choices', () => {
    const shape = uiSettingsSchema.shape;
    const known = [...Object.keys(SETTING_CHOICES), ...SETTING_FLAGS, ...STRUCTURED_SETTINGS, ...ZONE_SETTINGS].sort();
    expect(known).toEqual(Object.keys(shape).sort());
    for (const [key, choices] of Object.entries(SETTING_CHOICES)) {
      const field = shape[key as keyof typeof shape].unwrap() as unknown as { options: string[] };
      expect(choices, key).toEqual(field.options);
    }
  });

  it('answers as the shared schema does whenever it can tell, and otherwise says so', () => {
    const stored = { ...BOOT_DEFAULTS, mode: 'dark' as const, lastSearches: ['acme'] };
    const samples: unknown[] = [
      {},
      { mode: 'purple', skin: 'bordered', navCollapsed: 'yes', appBarBlur: false },
      { layout: 'horizontal', mode: 'semi-dark', appBar: 'hidden', unknown: 1 },
      { toastPosition: 'bottom-left', themeColor: 'info', direction: 'rtl', footer: 'hidden' },
      { columnVisibility: {}, lastSearches: [], searchResults: [] },
      { columnVisibility: [], lastSearches: {}, searchResults: null },
      { mode: undefined, lastSearches: undefined, navHidden: undefined },
      { timeZone: 'Asia/Tokyo' },
      { timeZone: 'Mars/Olympus_Mons' },
      { timeZone: '' },
      { timeZone: 5 },
      UI_SETTINGS_DEFAULTS,
      null,
      'dark',
    ];
    for (const sample of samples) {
      for (const base of [BOOT_DEFAULTS, stored]) {
        const checked = checkSettings(sample, base);
        expect(checked.needsSchema, JSON.stringify(sample)).toBe(false);
        expect(checked.settings, JSON.stringify(sample)).toEqual(validateSettings(sample, base));
      }
    }
    expect(checkSettings({ lastSearches: ['acme'] }).needsSchema).toBe(true);
    expect(checkSettings({ columnVisibility: { users: { email: false } } }).needsSchema).toBe(true);
    expect(checkSettings({ searchResults: [{ title: 'x', url: '/x' }] }).needsSchema).toBe(true);
  });
});

function ModeProbe() {
  const { settings, saveSettings } = useSettings();
  return (
    <button type="button" onClick={() => saveSettings({ mode: settings.mode === 'dark' ? 'light' : 'dark' })}>
      mode:{settings.mode}
    </button>
  );
}

describe('SettingsProvider', () => {
  it('saves to localStorage "settings", so dark mode survives a reload', async () => {
    fakeFetch();
    const first = render(
      <SettingsProvider>
        <ModeProbe />
      </SettingsProvider>,
    );
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('mode:dark');
    expect(JSON.parse(window.localStorage.getItem('settings') ?? '{}')).toMatchObject({ mode: 'dark' });
    first.unmount();

    render(
      <SettingsProvider>
        <ModeProbe />
      </SettingsProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('mode:dark');
  });

  it('loads the signed-in user settings from the server and saves changes back (debounced, changed keys only)', async () => {
    const api = fakeFetch({
      'GET /api/me/settings': () => ({ body: { mode: 'dark', contentWidth: 'full' } }),
      'PUT /api/me/settings': () => ({ status: 204 }),
    });
    render(
      <SettingsProvider userId="u1" saveDelayMs={20}>
        <ModeProbe />
      </SettingsProvider>,
    );
    await waitFor(() => expect(screen.getByRole('button')).toHaveTextContent('mode:dark'));
    expect(JSON.parse(window.localStorage.getItem('settings') ?? '{}')).toMatchObject({ contentWidth: 'full' });

    act(() => screen.getByRole('button').click());
    act(() => screen.getByRole('button').click());
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(api.callsTo('PUT', '/api/me/settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/me/settings')[0]?.body).toEqual({ mode: 'light' });
  });

  it('keeps the same settings object when the server saved what this device has (no re-render of every reader)', async () => {
    window.localStorage.setItem('settings', JSON.stringify({ ...BOOT_DEFAULTS, mode: 'dark' }));
    const api = fakeFetch({ 'GET /api/me/settings': () => ({ body: { mode: 'dark' } }) });
    const seen: unknown[] = [];
    function SettingsSeen() {
      const { settings } = useSettings();
      if (!seen.includes(settings)) seen.push(settings);
      return null;
    }
    render(
      <SettingsProvider userId="u1">
        <SettingsSeen />
      </SettingsProvider>,
    );
    await waitFor(() => expect(api.callsTo('GET', '/api/me/settings')).toHaveLength(1));
    // The answer has been applied once the fetch's promise chain (json, validator) has run.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(seen).toHaveLength(1);
  });

  it('does not call the server when nobody is signed in', async () => {
    const api = fakeFetch();
    vi.useFakeTimers();
    render(
      <SettingsProvider saveDelayMs={5}>
        <ModeProbe />
      </SettingsProvider>,
    );
    act(() => screen.getByRole('button').click());
    // Well past the save delay, without waiting for it in real time.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('button')).toHaveTextContent('mode:dark');
    expect(api.calls.filter((c) => c.path === '/api/me/settings')).toHaveLength(0);
  });
});
