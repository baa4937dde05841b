import type { SignInOutcome } from './sign-in-throttle.ts';

/**
 * The e-mail address of a password sign-in, or null for any other request. The path is compared
 * loosely (case, trailing slash) so a spelling the router might accept cannot skip the throttle.
 */
export function signInEmailOf(method: string, url: string, body: unknown): string | null {
  const path = (url.split('?')[0] ?? '').replace(/\/+$/, '').toLowerCase();
  if (method !== 'POST' || path !== '/api/auth/sign-in/email') return null;
  if (typeof body !== 'object' || body === null || !('email' in body)) return null;
  return typeof body.email === 'string' ? body.email : null;
}

/** Whether an answer of better-auth's sign-in tested the password, and how that went. */
export function outcomeOf(status: number): SignInOutcome {
  if (status >= 200 && status < 300) return 'success';
  return status === 401 ? 'failure' : 'untested';
}

/** Same shape as better-auth's own errors (`{ code, message }`), which the clients read. */
export function throttledAnswer(retryAfterSeconds: number): Response {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const message = `Too many failed sign-ins for this e-mail address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return new Response(JSON.stringify({ code: 'RATE_LIMITED', message }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': String(retryAfterSeconds) },
  });
}
