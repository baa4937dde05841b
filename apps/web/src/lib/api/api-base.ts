/**
 * Where the server lives. On the web the app is served by the same server, so paths stay
 * relative and cookies are first-party. The native issue switches getApiOrigin() to an
 * absolute URL (from import.meta.env.VITE_API_ORIGIN); everything else builds on these two.
 */
export function getApiOrigin(): string {
  return '';
}

/** SPEC.md §7: base path /api/v1 (web) or the hosted backend's URL with the same path (native). */
export function getApiBaseUrl(): string {
  return `${getApiOrigin()}/api/v1`;
}
