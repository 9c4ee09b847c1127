import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { CHUNK_GROUPS, deliveryPlugins } from './delivery/index.ts';

export default defineConfig(({ mode }) => {
  // API_URL lets the dev server proxy to an API on another port (default: the API's 3000).
  const apiTarget = loadEnv(mode, '.', '').API_URL || 'http://localhost:3000';
  return {
    plugins: [react(), ...deliveryPlugins()],
    server: {
      port: 5173,
      proxy: {
        '/api': { target: apiTarget },
        '/apps': { target: apiTarget },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: which chunks each page module brings (scripts/check-spa-budgets.ts).
      manifest: true,
      // The entry chunk is ~500 kB minified (~135 KB brotli). What counts is what is sent,
      // checked per page by scripts/check-spa-budgets.ts, not this per-file warning.
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          // By folders, package groups and the start pages' modules (delivery/chunk-groups.ts).
          codeSplitting: { groups: CHUNK_GROUPS },
        },
      },
    },
  };
});
