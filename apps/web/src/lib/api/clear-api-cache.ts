import { api, tokenCache } from './api-client.ts';
import { preferencesCache } from './preferences-cache.ts';

/** Forgets everything the API layer keeps in memory for the user: first step of logout (docs/behaviour.md#logout). */
export function clearApiCache(): void {
  tokenCache.clear();
  preferencesCache.clear();
  api.forgetAnswers();
}
