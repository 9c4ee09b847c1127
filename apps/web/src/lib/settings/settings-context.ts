import type { UiSettings } from '@boardwalk/shared/ui-settings';
import { createContext } from 'react';

export type SettingsContextValue = {
  settings: UiSettings;
  /** Merges a change, applies the layout rules, stores it locally and (signed in) on the server. */
  saveSettings: (patch: Partial<UiSettings>) => void;
};

export const SettingsContext = createContext<SettingsContextValue | undefined>(undefined);
