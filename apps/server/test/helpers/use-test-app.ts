import { afterAll, afterEach, beforeAll } from 'vitest';
import type { AppOverrides } from '../../src/app.ts';
import type { DatabaseKind } from './databases.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface TestAppOptions {
  /** Settings on top of the test defaults (see createTestApp). */
  env?: Record<string, string>;
  overrides?: AppOverrides;
}

/**
 * Options, or a function read when the app is built: after the beforeAll hooks registered above
 * the useTestApp call (Vitest runs them in order, and after-hooks in reverse, so the app also
 * closes before whatever those hooks started).
 */
type OptionsSource = TestAppOptions | (() => TestAppOptions);

/**
 * The test app of a describe block: built in beforeAll, closed (schema dropped, DATA_DIR
 * removed) in afterAll, whether or not the tests or a later set-up step failed. Call it inside
 * `describe.each(databaseKinds)(…, (kind) => …)` so every file runs on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL. The answer stands in for the app built later: its members
 * read that app when used, so tests and helpers simply take `t`.
 */
export function useTestApp(kind: DatabaseKind, options: OptionsSource = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    const { env, overrides } = typeof options === 'function' ? options() : options;
    current = await createTestApp(kind, env, overrides);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return standIn(() => {
    if (!current) throw new Error('the test app is used outside its describe block');
    return current;
  });
}

/**
 * For tests that build apps themselves (under a fake clock, or a second app on the same
 * DATA_DIR): every app started here is closed after its test, even when the test fails.
 */
export function useTestApps(): {
  start(kind: DatabaseKind, options?: TestAppOptions): Promise<TestApp>;
} {
  const started: TestApp[] = [];
  afterEach(async () => {
    // Newest first and one at a time: a later app may share the folder of an earlier one.
    let failure: unknown;
    for (const app of started.splice(0).reverse()) {
      await app.close().catch((error: unknown) => (failure ??= error));
    }
    if (failure) throw failure;
  });
  return {
    async start(kind, { env, overrides } = {}) {
      const app = await createTestApp(kind, env, overrides);
      started.push(app);
      return app;
    },
  };
}

function standIn(current: () => TestApp): TestApp {
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    signUp: (email, password) => current().signUp(email, password),
    idTokenFor: (sessionToken) => current().idTokenFor(sessionToken),
    close: () => current().close(),
  };
}
