import type { Identity } from '../identity/identity.ts';

/** docs/behaviour.md#api-client: the ID token is kept 50 minutes and refreshed under 1 minute left. */
export const TOKEN_CACHE_MS = 50 * 60_000;
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

export interface TokenCache {
  /** The cached ID token, or a fresh one when forced, missing, nearly expired or another user's. */
  get(forceRefresh?: boolean): Promise<string>;
  clear(): void;
}

interface Cached {
  token: string;
  uid: string | null;
  expiresAt: number;
}

/** docs/behaviour.md#api-client: keep a token 50 minutes; fetch a new one when under 1 minute remains. */
export function createTokenCache(source: Pick<Identity, 'currentUser' | 'getIdToken'>): TokenCache {
  let cached: Cached | null = null;
  let inFlight: Promise<string> | null = null;
  // Bumped by clear(), so a fetch that was under way when the cache was cleared is not kept.
  let generation = 0;

  const uidNow = () => source.currentUser()?.uid ?? null;
  const fresh = (entry: Cached) =>
    entry.uid === uidNow() && entry.expiresAt - Date.now() >= TOKEN_REFRESH_MARGIN_MS;

  function fetchToken(forceRefresh: boolean): Promise<string> {
    const started = generation;
    const uid = uidNow();
    const request = source.getIdToken(forceRefresh).then((token) => {
      if (started === generation) cached = { token, uid, expiresAt: Date.now() + TOKEN_CACHE_MS };
      return token;
    });
    const settled = () => {
      if (inFlight === request) inFlight = null;
    };
    request.then(settled, settled);
    inFlight = request;
    return request;
  }

  return {
    get(forceRefresh = false) {
      if (!forceRefresh && cached && fresh(cached)) return Promise.resolve(cached.token);
      // The signed-in user changed (docs/behaviour.md#auth-readiness): another user's token must not be sent.
      if (cached && cached.uid !== uidNow()) cached = null;
      if (inFlight && !forceRefresh) return inFlight;
      return fetchToken(forceRefresh);
    },
    clear() {
      cached = null;
      inFlight = null;
      generation += 1;
    },
  };
}
