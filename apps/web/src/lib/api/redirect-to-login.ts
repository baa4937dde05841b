import { loginPath } from '@fj/contract/web-paths';

/**
 * docs/behaviour.md#expired-session: an expired session sends the browser to /login. A full navigation on purpose:
 * it also drops every in-memory cache of the user who is gone.
 */
export function redirectToLogin(): void {
  if (window.location.pathname !== loginPath) window.location.assign(loginPath);
}
