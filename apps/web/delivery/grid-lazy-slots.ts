import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * MUI X DataGrid's default slots (`@mui/x-data-grid/material`) import MUI's Autocomplete, Switch,
 * Tabs, Tab and ToggleButton for panels a list shows only when asked (the filter panel's
 * multi-value inputs, toolbar and pivot parts): about 12 KB compressed that every list page
 * loaded at first (decision 055). For the grid's slots only, these imports resolve to wrappers
 * that load the real component the first time one renders, inside a Suspense boundary of their
 * own (src/components/data-table/grid-lazy-slots/). The rest of the app imports the components
 * as before.
 */
const LAZY = new Map([
  ['@mui/material/Autocomplete', 'autocomplete.tsx'],
  ['@mui/material/Switch', 'switch.tsx'],
  ['@mui/material/Tabs', 'tabs.tsx'],
  ['@mui/material/Tab', 'tab.tsx'],
  ['@mui/material/ToggleButton', 'toggle-button.tsx'],
]);

export function gridLazySlotsPlugin(): Plugin {
  const dir = path.join(import.meta.dirname, '../src/components/data-table/grid-lazy-slots');
  return {
    name: 'boardwalk-grid-lazy-slots',
    enforce: 'pre',
    resolveId(source, importer) {
      const file = LAZY.get(source);
      if (!file || !importer || !/[\\/]@mui[\\/]x-data-grid[\\/]material[\\/]index\.mjs$/.test(importer)) return null;
      return path.join(dir, file);
    },
  };
}
