import { authReadiness, getAuthToken } from '../../lib/api/api-client.ts';
import { identity } from '../../lib/identity/identity.ts';

/**
 * After start-up, a signed-in user gets a fresh identity token (docs/behaviour.md#readiness-gate). The gate passes
 * as soon as the server answers, usually before the first session check has: so wait for that
 * first report (the API client's auth-ready wait, at most 10 s) to know who is signed in.
 * Through the API client's cache, so the token it sends next is the fresh one.
 */
export async function refreshSignedInToken(): Promise<void> {
  await authReadiness.wait();
  if (identity.currentUser()) await getAuthToken(true);
}
