import { getApiOrigin } from './api-base.ts';
import { serverReachability } from './server-reachability.ts';

/** docs/behaviour.md#readiness-gate: one health check gives up after 15 s. */
export const HEALTH_ABORT_MS = 15_000;

/**
 * What one health check learned: the server is up; it answered but is not ready yet (a
 * sleeping server's 503); or nothing answered at all (no network, the server down or hung).
 * Only the last one may offer the journal offline (docs/behaviour.md#offline-start).
 */
export type HealthAnswer = 'up' | 'starting' | 'unreachable';

/**
 * GET /api/health (outside /api/v1, no token): 'up' on any ok status. Never throws, because
 * the server-readiness gate only needs "up, not yet, or not there" to decide what to do next.
 */
export async function checkHealth(): Promise<HealthAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HEALTH_ABORT_MS);
  let answered = false;
  try {
    const response = await fetch(`${getApiOrigin()}/api/health`, {
      method: 'GET',
      credentials: 'include',
      cache: 'no-cache',
      signal: controller.signal,
    });
    answered = true;
    serverReachability.noteAnswer();
    // Read to the end: an unread body keeps the request open, and a page that never finishes
    // loading is what Lighthouse (and the browser's own idle detection) sees.
    await response.text();
    return response.ok ? 'up' : 'starting';
  } catch {
    if (answered) return 'starting'; // its body was cut off: the server is there, not ready
    serverReachability.noteNoAnswer();
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}
