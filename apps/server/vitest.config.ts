import { defineConfig } from 'vitest/config';

/**
 * Files that hold the server to a time bound (its event loop, an answer within so many ms, a
 * Retry-After counted on the real clock), or rewrite the build's code cache (boot): they run
 * after the others, one at a time, so no other test file competes with them for the two cores.
 * (Run beside two others on a loaded machine, tiles, redis-fault, sign-in-throttle and fuzz's
 * 200 ms per answer failed.)
 */
const alone = [
  'test/hostile-files.test.ts',
  'test/export-yields.test.ts',
  'test/restore-limits.test.ts',
  'test/boot.test.ts',
  'test/tiles.test.ts',
  'test/redis-fault.test.ts',
  'test/sign-in-throttle.test.ts',
  'test/fuzz.test.ts',
  // A checkpoint worker given 300 ms; a child's background log writes finished before its exit.
  'test/checkpoint-aside.test.ts',
  'test/request-log.test.ts',
];

/** Files that need a process to themselves: vi.mock replaces only a module not yet loaded. */
const ownProcess = ['test/token-verifier.test.ts'];

/**
 * Three files at a time (Vitest would run one on a two-core machine): most of a file's time is
 * spent waiting for a server it started, PostgreSQL, Redis or a timer. Each file has its own
 * temporary DATA_DIR, PostgreSQL schema (helpers/databases.ts), Redis key prefix
 * (helpers/redis.ts) and free ports, and is given its config rather than reading the
 * environment, so the files of the `server` project share three processes and their loaded
 * modules (isolate: false): importing the app afresh for each file was 40 % of the project's CPU.
 * Processes, not threads: better-sqlite3 is a native addon.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 3,
    globalSetup: ['test/helpers/required-services.ts', 'test/helpers/global-build.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/**/*.test.ts'],
          exclude: [...alone, ...ownProcess],
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'server-own-process', include: ownProcess, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'server-alone',
          include: alone,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
