import { useCallback, useContext, useState } from 'react';
import { SettingsContext } from '../../lib/settings/settings-context.ts';

/** `columnVisibility` of the UI settings: grid id → field → shown. */
export type ColumnVisibility = Record<string, Record<string, boolean>>;

const EMPTY: Record<string, boolean> = {};

/** Puts one grid's model into the user's column visibility, leaving the other grids alone. */
export function mergeColumnVisibility(
  all: ColumnVisibility,
  gridId: string,
  model: Record<string, boolean>,
): ColumnVisibility {
  return { ...all, [gridId]: model };
}

/**
 * One grid's remembered column visibility and a setter. Kept in the shell's UI settings (localStorage
 * `settings` and the user's record on the server); outside a SettingsProvider it lasts for the page.
 */
export function useColumnVisibility(
  gridId: string,
): [Record<string, boolean>, (model: Record<string, boolean>) => void] {
  const context = useContext(SettingsContext);
  const [local, setLocal] = useState<Record<string, boolean>>(EMPTY);
  const all = context?.settings.columnVisibility;
  const saveSettings = context?.saveSettings;
  const setModel = useCallback(
    (model: Record<string, boolean>) => {
      if (saveSettings && all) saveSettings({ columnVisibility: mergeColumnVisibility(all, gridId, model) });
      else setLocal(model);
    },
    [saveSettings, all, gridId],
  );
  return [context ? (all?.[gridId] ?? EMPTY) : local, setModel];
}
