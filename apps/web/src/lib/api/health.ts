import { getApiOrigin } from './api-base.ts';

/** docs/behaviour.md#readiness-gate: one health check gives up after 15 s. */
export const HEALTH_ABORT_MS = 15_000;

/**
 * GET /api/health (outside /api/v1, no token): true on any ok status. Never throws, because
 * the server-readiness gate only needs "up or not yet" to decide whether to retry.
 */
export async function checkHealth(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HEALTH_ABORT_MS);
  try {
    const response = await fetch(`${getApiOrigin()}/api/health`, {
      method: 'GET',
      credentials: 'include',
      cache: 'no-cache',
      signal: controller.signal,
    });
    // Read to the end: an unread body keeps the request open, and a page that never finishes
    // loading is what Lighthouse (and the browser's own idle detection) sees.
    await response.text();
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
