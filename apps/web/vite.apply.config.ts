import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The merchant's application page (apply.html, src/apply), built on its own (docs/decisions/097):
 * a second build into the same dist/, run by the main build (delivery/apply-entry.ts), so none
 * of its modules can join a staff chunk and no staff code reaches it. No manifest (the staff
 * budget check reads the main build's), no public files (the main build copied them); the main
 * build's precompression covers these files too.
 */
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    manifest: false,
    rolldownOptions: { input: { apply: 'apply.html' } },
  },
});
