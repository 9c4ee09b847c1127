import type { UiSettings } from '@boardwalk/shared/ui-settings';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { setUserTimeZone } from '../format-date.ts';
import { SettingsContext, type SettingsContextValue } from './settings-context.ts';
import { changedKeys, withChange } from './layout-rules.ts';
import { checkSettings } from './settings-check.ts';
import { BOOT_DEFAULTS, coerceSettings, readStoredSettings, writeStoredSettings } from './settings-storage.ts';
import { fetchServerSettings, putServerSettings } from './settings-sync.ts';

type Validate = (input: unknown, base: UiSettings) => UiSettings;

/** Without zod: enough for anything but a non-empty list or map (then only the kinds are checked). */
const quickValidate: Validate = (input, base) => {
  const { settings, needsSchema } = checkSettings(input, base);
  return needsSchema ? coerceSettings(input, base) : settings;
};

/**
 * The validator `input` needs: the zod-free check when it can tell, else the shared schema
 * (settings-validate.ts, loaded then: a stored search history or column choice needs it).
 */
async function validatorFor(input: unknown): Promise<Validate> {
  if (!checkSettings(input).needsSchema) return quickValidate;
  return (await import('./settings-validate.ts')).validateSettings;
}

export type SettingsProviderProps = {
  children: ReactNode;
  /** The signed-in user's id: settings are then loaded from and saved to the server too. */
  userId?: string | null;
  /** Wait this long after the last change before saving to the server. */
  saveDelayMs?: number;
};

/**
 * `next` stored and taken when it differs from `current`; otherwise `current` itself: the same
 * settings in a new object would re-render every reader of the settings (the whole shell) in one
 * blocking task (decision 060).
 */
function storedIfChanged(next: UiSettings, current: UiSettings): UiSettings {
  if (JSON.stringify(next) === JSON.stringify(current)) return current;
  writeStoredSettings(next);
  return next;
}

/**
 * UI settings: localStorage key `settings` for this device, and per user on
 * the server (GET /api/me/settings once per sign-in, a debounced PUT of the changed keys).
 */
export function SettingsProvider({ children, userId, saveDelayMs = 800 }: SettingsProviderProps) {
  const [settings, setSettings] = useState<UiSettings>(readStoredSettings);
  const pending = useRef<Partial<UiSettings>>({});
  const timer = useRef<number | undefined>(undefined);
  const userRef = useRef(userId);

  const flush = useCallback((keepalive = false) => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const patch = pending.current;
    pending.current = {};
    if (!userRef.current || Object.keys(patch).length === 0) return;
    putServerSettings(patch, keepalive).catch(() => {
      // Saved locally already; the next change tries the server again with its own keys.
    });
  }, []);

  // Right after start: check what localStorage held against the shared contract (the start-up
  // read only checked the kinds of values, see settings-storage.ts).
  useEffect(() => {
    let cancelled = false;
    void validatorFor(readStoredSettings()).then((validate) => {
      if (cancelled) return;
      setSettings((current) => storedIfChanged(validate(current, BOOT_DEFAULTS), current));
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // A new user: load their saved settings (the server wins over this device's copy).
  useEffect(() => {
    userRef.current = userId;
    pending.current = {};
    if (!userId) return;
    let cancelled = false;
    fetchServerSettings()
      .then(async (saved) => {
        if (cancelled || !saved || typeof saved !== 'object') return;
        const validate = await validatorFor(saved);
        if (cancelled) return;
        setSettings((local) => storedIfChanged(validate(saved, local), local));
      })
      .catch(() => {
        // Offline, or the answer was not JSON: keep this device's settings.
      });
    return () => {
      cancelled = true;
    };
  }, [userId]);

  useEffect(() => {
    const onHide = () => flush(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      flush();
    };
  }, [flush]);

  const saveSettings = useCallback(
    (patch: Partial<UiSettings>) => {
      setSettings((current) => {
        const next = withChange(current, coerceSettings(patch, current));
        writeStoredSettings(next);
        // What the rules changed too (the last layout, semi-dark back to light) goes to the
        // server with the change. Merging is idempotent, so a second run of this updater is harmless.
        if (userRef.current) pending.current = { ...pending.current, ...changedKeys(current, next) };
        return next;
      });
      if (!userRef.current) return;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => flush(), saveDelayMs);
    },
    [flush, saveDelayMs],
  );

  const value = useMemo<SettingsContextValue>(() => ({ settings, saveSettings }), [settings, saveSettings]);
  // Before the children render, so every time below shows in the chosen zone. A change of zone
  // remounts the pages under it: grids and memoised rows format their times when they mount.
  setUserTimeZone(settings.timeZone);
  return (
    <SettingsContext.Provider value={value}>
      <Fragment key={settings.timeZone}>{children}</Fragment>
    </SettingsContext.Provider>
  );
}
