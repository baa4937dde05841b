/// <reference types="vite/client" />

/** Build-time settings of the web app (Vite inlines them; see README "Native app"). */
interface ImportMetaEnv {
  /** The hosted server the native app talks to, e.g. https://journal.example.org (no path). */
  readonly VITE_API_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
