import { isNativePlatform, nativeApiOrigin } from '../../platform/platform.ts';

/**
 * Where the server lives. On the web the app is served by the same server, so paths stay
 * relative and cookies are first-party. The native app is served by its WebView
 * (https://localhost, capacitor://localhost), so it needs the hosted server's absolute origin.
 */
export function getApiOrigin(): string {
  return isNativePlatform() ? nativeApiOrigin() : '';
}

/** docs/behaviour.md#api-base: base path /api/v1 (web) or the hosted backend's URL with the same path (native). */
export function getApiBaseUrl(): string {
  return `${getApiOrigin()}/api/v1`;
}

/**
 * The server answers photo URLs as paths (`/api/files/…`); the native WebView would look for
 * them on its own origin, so they get the server's origin there. Absolute URLs pass through.
 */
export function resolveServerUrl(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${getApiOrigin()}${url}` : url;
}
