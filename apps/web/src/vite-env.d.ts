/// <reference types="vite/client" />

/** Build-time settings of the web app (Vite inlines them; see README "Native app"). */
interface ImportMetaEnv {
  /** The hosted server the native app talks to, e.g. https://journal.example.org (no path). */
  readonly VITE_API_ORIGIN?: string;
  /** 'true' runs the native code paths in a browser build (the native e2e test). */
  readonly VITE_FORCE_NATIVE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
