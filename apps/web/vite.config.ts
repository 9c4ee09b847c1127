import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { precompressPlugin } from './vite-precompress.ts';

export default defineConfig(({ mode }) => {
  // API_URL lets the dev server proxy to an API on another port (default: the API's 3000).
  const apiTarget = loadEnv(mode, '.', '').API_URL || 'http://localhost:3000';
  return {
    plugins: [react(), precompressPlugin()],
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
    },
  };
});
