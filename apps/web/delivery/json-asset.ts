import type { Plugin, ResolvedConfig } from 'vite';
import type { OutputBundle } from 'rolldown';

/** What a JSON asset is made from: the bundle, the web root, and a way to fail the build. */
export type JsonAssetInput = { bundle: OutputBundle; root: string; fail: (message: string) => never };

/**
 * A build plugin that writes one JSON file (under dist/, e.g. `.vite/chunk-modules.json`) made
 * from the finished bundle: what the API and the budget check read of the build besides Vite's
 * own manifest.
 */
export function jsonAssetPlugin(name: string, fileName: string, make: (input: JsonAssetInput) => unknown): Plugin {
  let root = '';
  return {
    name,
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const value = make({ bundle: bundle as OutputBundle, root, fail: (message) => this.error(message) });
      this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify(value, null, 2)}\n` });
    },
  };
}
