import { speedUpModuleLoading } from './lib/module-loading.ts';

// `npm run worker` (worker-process.ts). The hooks must be in place before the worker's modules
// are resolved, so those are imported only after them (decision 121: start-up is CPU the
// jobs wait for).
speedUpModuleLoading();
await import('./worker-process.ts');
