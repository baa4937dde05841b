import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native shells (docs/architecture.md#native-shells): the same web build in a WebView. Android serves it
 * from https://localhost and iOS from capacitor://localhost; the server's CORS and
 * better-auth's trusted origins accept both (apps/server/src/config.ts). The API lives on the
 * hosted server, whose URL is baked into the build (VITE_API_ORIGIN, see the README).
 */
const config: CapacitorConfig = {
  appId: 'org.foragingjournal.app',
  appName: 'Foraging Journal',
  webDir: 'dist',
  server: { androidScheme: 'https' },
};

export default config;
