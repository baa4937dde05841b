import { Capacitor } from '@capacitor/core';

/**
 * The one answer to "are we the native app?" (docs/architecture.md#platform: src/platform is the only place that
 * knows Capacitor). VITE_FORCE_NATIVE=true at build time switches the native code paths on in
 * a browser build, so the e2e test can drive them in Chromium.
 */
export function isNativePlatform(): boolean {
  return import.meta.env.VITE_FORCE_NATIVE === 'true' || Capacitor.isNativePlatform();
}

let warnedNoOrigin = false;

/**
 * docs/behaviour.md#api-base: the native app talks to the hosted server, whose origin is baked in at build
 * time (VITE_API_ORIGIN). Without it the requests go to the WebView's own origin and fail,
 * which the network diagnostics then explain; the console says why once.
 */
export function nativeApiOrigin(): string {
  const origin = (import.meta.env.VITE_API_ORIGIN ?? '').trim().replace(/\/+$/, '');
  if (!origin && !warnedNoOrigin) {
    warnedNoOrigin = true;
    console.error('VITE_API_ORIGIN was not set when this native build was made: no server to call');
  }
  return origin;
}
