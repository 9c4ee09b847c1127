import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { CHUNK_GROUPS } from './delivery/chunk-groups.ts';
import { chunkModulesPlugin } from './vite-chunk-modules.ts';
import { compileHintsPlugin } from './vite-compile-hints.ts';
import { gridLazySlotsPlugin } from './vite-grid-lazy-slots.ts';
import { htmlCommentsPlugin } from './vite-html-comments.ts';
import { precompressPlugin } from './vite-precompress.ts';
import { startPreloadsPlugin } from './vite-start-preloads.ts';
import { startStylesPlugin } from './vite-start-styles.ts';

export default defineConfig(({ mode }) => {
  // API_URL lets the dev server proxy to an API on another port (default: the API's 3000).
  const apiTarget = loadEnv(mode, '.', '').API_URL || 'http://localhost:3000';
  return {
    plugins: [
      react(),
      gridLazySlotsPlugin(),
      chunkModulesPlugin(),
      startPreloadsPlugin(),
      startStylesPlugin(),
      compileHintsPlugin(),
      htmlCommentsPlugin(),
      precompressPlugin(),
    ],
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
          // Everything the entry imports statically (React, the router, MUI's core, the app's
          // providers) in one chunk instead of ~20 small ones: each file costs a request and
          // about 1 KB of headers, and one large file compresses better (decision 025).
          // Lazy pages and their libraries keep rolldown's automatic split.
          codeSplitting: { groups: CHUNK_GROUPS },
        },
      },
    },
  };
});
