import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Whole-app tests load the lazy page chunks through jsdom; the first one in a file is slow.
    testTimeout: 60_000,
  },
});
