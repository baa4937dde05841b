import { hash } from 'node:crypto';
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import { LRUCache } from 'lru-cache';

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  loadJwks: () => Promise<JSONWebKeySet>;
  /** Unknown key ids trigger a reload of the key set at most this often. */
  reloadIntervalMs?: number;
  /** Ended sessions, from memory: a token naming one is refused. */
  isRevoked: (sessionId: string) => boolean;
  now?: () => number;
  /** How many verified tokens are remembered (least recently used go first); 10,000 unless set. */
  cacheSize?: number;
}

export interface TokenVerifier {
  /** The verified user id, or null for a malformed, expired, foreign or revoked token. */
  verify(token: string): Promise<string | null>;
  /**
   * The answer for a token verified before and still remembered, with no signature work: the
   * user id, null when its session was revoked since, undefined when it has to be verified
   * (never seen, forgotten, or expired). Expiry and revocation are checked as in `verify`.
   */
  remembered(token: string): string | null | undefined;
  /**
   * `remembered` for the token in `credential` (an Authorization header, read by `tokenOf`; null
   * when it holds none) sent over `connection` (any object that lives as long as it: the
   * socket): the same answer, but the credential the connection sent last is recognised by
   * comparing it with the one sent now, without reading or hashing the token again.
   * Expiry and revocation are checked on every call, as in `remembered`.
   */
  rememberedOn(
    connection: object,
    credential: string,
    tokenOf: (credential: string) => string | undefined,
  ): string | null | undefined;
}

/** What a verified token said, kept until it expires. */
interface Verified {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

// One call, no Hash object: this runs on every authenticated request.
const hashOf = (token: string) => hash('sha256', token, 'base64url');

/**
 * Verifies ID tokens against a key set kept in memory, so authenticating a request reads nothing
 * from the database. The set is reloaded when a token names a key it does not hold (a rotation),
 * but not more often than reloadIntervalMs, so random key ids cannot turn into database reads.
 *
 * A client sends the same token for up to an hour, so a verified one is remembered, by its
 * SHA-256 (the cache holds no credential), until its `exp`: the next request with it costs a
 * hash and a map lookup instead of a signature check. Revocation is asked on every request,
 * remembered or not, so an ended session is refused at once. Only tokens that passed are
 * remembered, in a bounded LRU: made-up tokens cannot fill memory.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const reloadInterval = options.reloadIntervalMs ?? 30_000;
  // Read the clock on each call, not a reference taken once, so a replaced Date is honoured.
  const now = options.now ?? (() => Date.now());
  type KeySet = ReturnType<typeof createLocalJWKSet>;
  let keySet: KeySet | null = null;
  let loadedAt = 0;
  const verified = new LRUCache<string, Verified>({ max: options.cacheSize ?? 10_000 });

  async function reload(): Promise<KeySet> {
    keySet = createLocalJWKSet(await options.loadJwks());
    loadedAt = now();
    return keySet;
  }

  async function attempt(token: string, hash: string): Promise<string | null> {
    const keys = keySet ?? (await reload());
    const { payload } = await jwtVerify(token, keys, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: ['EdDSA'],
      currentDate: new Date(now()),
    });
    // A token that names no session could not be revoked, so it is not accepted either.
    const { sub, sid, exp } = payload;
    if (typeof sub !== 'string' || !sub || typeof sid !== 'string' || !sid) return null;
    if (options.isRevoked(sid)) return null;
    if (typeof exp === 'number')
      verified.set(hash, { userId: sub, sessionId: sid, expiresAt: exp * 1000 });
    return sub;
  }

  /**
   * The answer for a remembered token: its user, null once its session is revoked, undefined
   * from the second it expires (jose refuses it from then on too), when it is forgotten.
   */
  function answerOf(known: Verified, hash: string): string | null | undefined {
    if (now() >= known.expiresAt) {
      verified.delete(hash);
      return undefined;
    }
    return options.isRevoked(known.sessionId) ? null : known.userId;
  }

  /** The remembered answer for this token: undefined when it has to be verified. */
  function remembered(hash: string): string | null | undefined {
    const known = verified.get(hash);
    return known ? answerOf(known, hash) : undefined;
  }

  /**
   * The credential each connection sent last, with what was remembered of its token. The
   * credential itself is kept here (not only the token's hash) as long as the connection that
   * sends it with every request, and so holds it in its own buffers, is alive.
   */
  const lastOn = new WeakMap<object, { credential: string; hash: string; known: Verified }>();

  function rememberedOn(
    connection: object,
    credential: string,
    tokenOf: (credential: string) => string | undefined,
  ): string | null | undefined {
    const last = lastOn.get(connection);
    if (last?.credential === credential) {
      const answer = answerOf(last.known, last.hash);
      if (answer === undefined) lastOn.delete(connection);
      return answer;
    }
    const token = tokenOf(credential);
    if (!token) return null;
    const hash = hashOf(token);
    const known = verified.get(hash);
    if (!known) return undefined;
    const answer = answerOf(known, hash);
    if (answer !== undefined) lastOn.set(connection, { credential, hash, known });
    return answer;
  }

  return {
    remembered: (token) => remembered(hashOf(token)),
    rememberedOn,
    async verify(token) {
      const hash = hashOf(token);
      const known = remembered(hash);
      if (known !== undefined) return known;
      try {
        return await attempt(token, hash);
      } catch (error) {
        if (error instanceof errors.JWKSNoMatchingKey && now() - loadedAt >= reloadInterval) {
          await reload();
          return attempt(token, hash).catch(() => null);
        }
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
