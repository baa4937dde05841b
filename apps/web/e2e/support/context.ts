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

/**
 * Chromium's flags for the browser tests and the web bench: headless in a container, nothing
 * running in the background, and WebGL for MapLibre without a GPU (Chromium's software
 * rasteriser, SwiftShader).
 */
export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
