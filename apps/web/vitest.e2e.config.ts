import { defineConfig } from 'vitest/config';

/** Browser tests: Chromium against the real server, one file at a time. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 240_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
  },
});
