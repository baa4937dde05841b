import { Capacitor } from '@capacitor/core';

/**
 * A stand-in for the native shell in a plain browser. The native e2e sets it from an init script,
 * before the app loads, so the one production build runs its native code paths in Chromium
 * against the server at `apiOrigin` (without one, the build's VITE_API_ORIGIN). Only the page's
 * own scripts can set it.
 */
interface NativeShellStandIn {
  apiOrigin?: string;
  /** Which shell to stand in for; Android unless said. */
  platform?: 'android' | 'ios';
}

function nativeShellStandIn(): NativeShellStandIn | undefined {
  return (globalThis as { fjNativeShellStandIn?: NativeShellStandIn }).fjNativeShellStandIn;
}

/**
 * The one answer to "are we the native app?" (docs/architecture.md#platform: src/platform is the
 * only place that knows Capacitor).
 */
export function isNativePlatform(): boolean {
  return nativeShellStandIn() !== undefined || Capacitor.isNativePlatform();
}

export type DevicePlatform = 'android' | 'ios' | 'web';

/** Which app this is: Android's or iOS's native shell, or a browser (maps links differ). */
export function devicePlatform(): DevicePlatform {
  const standIn = nativeShellStandIn();
  if (standIn) return standIn.platform ?? 'android';
  const name = Capacitor.getPlatform();
  return name === 'android' || name === 'ios' ? name : 'web';
}

let warnedNoOrigin = false;

/**
 * docs/behaviour.md#api-base: the native app talks to the hosted server, whose origin is baked in at build
 * time (VITE_API_ORIGIN). Without it the requests go to the WebView's own origin and fail,
 * which the network diagnostics then explain; the console says why once.
 */
export function nativeApiOrigin(): string {
  const origin = (nativeShellStandIn()?.apiOrigin ?? import.meta.env.VITE_API_ORIGIN ?? '')
    .trim()
    .replace(/\/+$/, '');
  if (!origin && !warnedNoOrigin) {
    warnedNoOrigin = true;
    console.error('VITE_API_ORIGIN was not set when this native build was made: no server to call');
  }
  return origin;
}
