import { defineConfig } from 'vitest/config';

/**
 * Browser tests: Chromium against the real server, two files at a time (each file its own
 * Chromium, its own accounts on the shared server, or a server of its own on a free port): most
 * of a file's time is spent waiting for pages, the server and timers.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 240_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
  },
});
