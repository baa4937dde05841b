import react from '@vitejs/plugin-react';
import { promisify } from 'node:util';
import zlib, { type InputType } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const devApi = 'http://localhost:3000';

const brotliCompress = promisify(zlib.brotliCompress);
const sourceMapStart = Buffer.from('{"version":3');
/**
 * Brotli at its strongest for what the app loads, since it is done once per build. Source maps,
 * fetched only by developer tools and four times the size of the code, get a quicker setting:
 * at the strongest they would triple the build time.
 */
function brotli(input: InputType): Promise<Buffer> {
  const bytes = Buffer.isBuffer(input) ? input : Buffer.from(input as Uint8Array);
  const isSourceMap = bytes.subarray(0, sourceMapStart.length).equals(sourceMapStart);
  return brotliCompress(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: isSourceMap ? 5 : zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/**
 * The installable, offline app shell (docs/architecture.md#service-worker): a manifest, and a
 * Workbox service worker that precaches the whole build, every lazy page included, and answers
 * navigations with the cached index.html. /api and the server's own pages always go to the
 * network, so the data layer sees "no response" offline. `prompt`: a new version waits until
 * the user presses Reload (src/lib/offline/update-flow.ts); the app registers the worker itself
 * (src/lib/offline/service-worker.ts), once the page has loaded and only in a browser.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    name: 'Foraging Journal',
    short_name: 'Foraging',
    description: 'A private foraging journal: your spots on a map, with dated entries and photos.',
    // src/styles/app.css: --forest-800 (the header) and --paper (the page).
    theme_color: '#1f4227',
    background_color: '#f6f4ec',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      {
        src: '/icons/icon-512-maskable.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  },
  workbox: {
    // Everything the app can load: every JS and CSS chunk, fonts, icons. Not the source maps
    // (developer tools only) nor the .br/.gz copies (the server's; the browser decodes them).
    globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,woff,woff2,webmanifest}'],
    globIgnores: ['**/*.map'],
    // Workbox leaves out, with only a build warning, any file over its limit (2 MiB by default);
    // MapLibre's chunk (1.1 MB) is the largest today. Room to grow: offline, a missing chunk is a
    // page that cannot open (offline-shell.e2e.ts checks that every chunk is cached).
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/reset-password(\/|$)/],
    cleanupOutdatedCaches: true,
  },
});

export default defineConfig({
  plugins: [
    react(),
    pwa,
    // Every text file of the build also as .br and .gz, so the server can send the one the
    // browser accepts (apps/server/src/plugins/web.ts).
    compression({
      algorithms: [defineAlgorithm(brotli, {}), 'gzip'],
      // The plugin names its own brotli's files .br, but any other function's .gz.
      filename: (_file, { algorithm }) =>
        algorithm === brotli ? '[path][base].br' : '[path][base].gz',
      include: /\.(html|css|js|mjs|json|map|svg|txt|webmanifest)$/,
      logLevel: 'silent',
    }),
  ],
  // `npm run dev:web`: the API (`npm run dev`, port 3000) behind the Vite dev server. The Host
  // header is kept (Vite's string shorthand would rewrite it), so the server sees the page's own
  // address and accepts sign-in from it as same-origin.
  server: {
    proxy: {
      '/api': { target: devApi, changeOrigin: false },
      '/reset-password': { target: devApi, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The compression above runs inside Vite's import-analysis hook, whose time Rolldown then
    // reports as slow on every build: it is the compression's, and expected.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // Many tests import the whole store afresh (vi.resetModules), IndexedDB layer included; on a
    // busy two-core machine that alone has taken over vitest's default 5 s.
    testTimeout: 15_000,
    // Two files at a time (Vitest would run one on a two-core machine), each in a process of its
    // own: a file's happy-dom, fake IndexedDB and module state are its own.
    pool: 'forks',
    maxWorkers: 2,
  },
});
