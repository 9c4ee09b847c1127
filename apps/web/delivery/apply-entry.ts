import path from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/**
 * Builds the merchant's application page (vite.apply.config.ts) once the staff app is written,
 * so `vite build` makes both. Sequential and first among the closeBundle hooks: precompress.ts
 * then compresses its files with the rest.
 */
export function applyEntryPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'boardwalk:apply-entry',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        await build({ configFile: path.join(config.root, 'vite.apply.config.ts'), logLevel: 'warn' });
      },
    },
  };
}
