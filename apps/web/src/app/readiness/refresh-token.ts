import { getAuthToken } from '../../lib/api/api-client.ts';
import { identity } from '../../lib/identity/identity.ts';

/**
 * After start-up, a signed-in user gets a fresh identity token (SPEC.md §4). Through the API
 * client's cache, so the token it sends next is the fresh one.
 */
export async function refreshSignedInToken(): Promise<void> {
  if (identity.currentUser()) await getAuthToken(true);
}
