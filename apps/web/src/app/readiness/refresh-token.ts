import { authReadiness, getAuthToken } from '../../lib/api/api-client.ts';
import { identity } from '../../lib/identity/identity.ts';

/** The start-up's one refresh, shared by the start-up and the gate. */
let startup: Promise<void> | null = null;

async function refresh(): Promise<void> {
  await authReadiness.wait();
  if (identity.currentUser()) await getAuthToken(true);
}

/**
 * After start-up, a signed-in user gets a fresh identity token (docs/behaviour.md#readiness-gate). The gate passes
 * as soon as the server answers, usually before the first session check has: so wait for that
 * first report (the API client's auth-ready wait, at most 10 s) to know who is signed in.
 * Through the API client's cache, so the token it sends next is the fresh one.
 *
 * Once per page load: the start-up (app/start-up.ts) may start it as soon as the
 * session has answered, beside the health check, and the gate then waits for that same
 * refresh. One that failed is tried again by the next caller.
 */
export function refreshSignedInToken(): Promise<void> {
  const run = (startup ??= refresh());
  run.catch(() => {
    if (startup === run) startup = null;
  });
  return run;
}

/** Tests only: the next call refreshes again. */
export function forgetStartupRefresh(): void {
  startup = null;
}
