import { mergeConfig, type ConfigEnv, type UserConfig } from 'vite';
import base from './vite.config.ts';

/**
 * The app built with React's profiling build (react-dom/profiling): the same chunks, plus React's
 * performance tracks (console.timeStamp: which lane rendered, a blocking "Cascading Update"
 * from an effect, a "Promise Resolved" retry). For bench/react-tracks.ts, never for serving:
 *
 *   cd apps/web && npx vite build -c vite.profiling.config.ts --outDir /tmp/dist-profiling
 */
export default (env: ConfigEnv): UserConfig =>
  mergeConfig((base as (env: ConfigEnv) => UserConfig)(env), {
    resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
  });
