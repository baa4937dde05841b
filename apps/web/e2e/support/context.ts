/** What the global set-up hands to every browser test file (through Vitest's provide/inject). */
export interface E2eContext {
  /** True when Chromium is missing: every browser test is skipped. */
  skip: boolean;
  baseUrl: string;
  dataDir: string;
  /** The web build the server serves, for tests that start a server of their own. */
  webDistDir: string;
  artifactsDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
