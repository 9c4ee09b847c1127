import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Each test file still runs in a fresh context with its own module graph, but the workers keep
    // what they have read and compiled of node_modules, so MUI is not loaded from disk for every file
    // (about half the time of the default forks pool on two cores; see bench/README.md).
    pool: 'vmThreads',
    // Whole-app tests load the lazy page chunks through jsdom; the first one in a file is slow.
    testTimeout: 60_000,
  },
});
