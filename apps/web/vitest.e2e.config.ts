import { defineConfig } from 'vitest/config';

/**
 * Files whose assertions ride on a clock (the page's timers, a 30 s bound, how long a toast
 * stays, a figure printed for the bench): they run after the others, one at a time. Beside
 * another file on this 2-core machine the seasons and stalls files failed though they pass alone.
 */
const alone = [
  'e2e/seasons.e2e.ts',
  'e2e/stalls.e2e.ts',
  'e2e/toast.e2e.ts',
  'e2e/gate.e2e.ts',
  'e2e/scale.e2e.ts',
  'e2e/offline-start.e2e.ts',
  'e2e/share-map.e2e.ts',
];

/**
 * Browser tests: Chromium against the real server (one for the run, e2e/support/global-setup.ts).
 * Two files at a time: most of a browser test's time is spent waiting for a page, a server or a
 * timer, so two share the two cores; each file has its own Chromium and its own accounts.
 */
export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          exclude: alone,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'e2e-alone', include: alone, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
