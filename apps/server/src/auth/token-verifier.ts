import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  loadJwks: () => Promise<JSONWebKeySet>;
  /** Unknown key ids trigger a reload of the key set at most this often. */
  reloadIntervalMs?: number;
  /** Ended sessions, from memory: a token naming one is refused. */
  isRevoked: (sessionId: string) => boolean;
  now?: () => number;
}

export interface TokenVerifier {
  /** The verified user id, or null for a malformed, expired, foreign or revoked token. */
  verify(token: string): Promise<string | null>;
}

/**
 * Verifies ID tokens against a key set kept in memory, so authenticating a request reads nothing
 * from the database. The set is reloaded when a token names a key it does not hold (a rotation),
 * but not more often than reloadIntervalMs, so random key ids cannot turn into database reads.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const reloadInterval = options.reloadIntervalMs ?? 30_000;
  // Read the clock on each call, not a reference taken once, so a replaced Date is honoured.
  const now = options.now ?? (() => Date.now());
  type KeySet = ReturnType<typeof createLocalJWKSet>;
  let keySet: KeySet | null = null;
  let loadedAt = 0;

  async function reload(): Promise<KeySet> {
    keySet = createLocalJWKSet(await options.loadJwks());
    loadedAt = now();
    return keySet;
  }

  async function attempt(token: string): Promise<string | null> {
    const keys = keySet ?? (await reload());
    const { payload } = await jwtVerify(token, keys, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: ['EdDSA'],
      currentDate: new Date(now()),
    });
    // A token that names no session could not be revoked, so it is not accepted either.
    const { sub, sid } = payload;
    if (typeof sub !== 'string' || !sub || typeof sid !== 'string' || !sid) return null;
    return options.isRevoked(sid) ? null : sub;
  }

  return {
    async verify(token) {
      try {
        return await attempt(token);
      } catch (error) {
        if (error instanceof errors.JWKSNoMatchingKey && now() - loadedAt >= reloadInterval) {
          await reload();
          return attempt(token).catch(() => null);
        }
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
