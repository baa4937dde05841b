import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { shareLimits } from '@fj/contract/sharing';

/** A link's token: 256 random bits, base64url (43 characters). Only its hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');

/** A share's own secret for its opaque ids. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token, and what a credential names its share by. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export const credentialLifetimeMs = shareLimits.credentialMinutes * 60_000;

export interface ShareCredentials {
  /** A credential for the share whose token hashes to `hash`, valid 15 minutes from now. */
  issue(hash: string): string;
  /** The token hash a credential names while it is valid and genuine, else null. */
  verify(credential: string): string | null;
}

/**
 * The 15-minute credential a link's viewer holds instead of the token: the token's hash, an
 * expiry and an HMAC of both. Stateless, so every server takes it; the share behind it is read
 * from the database on every request (revoked or expired: 404 everywhere at once).
 */
export function createShareCredentials(
  authSecret: string,
  now: () => number = () => Date.now(),
): ShareCredentials {
  const key = createHmac('sha256', authSecret).update('share-credential').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue(hash) {
      const body = `${hash}.${now() + credentialLifetimeMs}`;
      return `${body}.${sign(body)}`;
    },
    verify(credential) {
      const parts = credential.split('.');
      if (parts.length !== 3) return null;
      const [hash = '', expires = '', signature = ''] = parts;
      const expected = Buffer.from(sign(`${hash}.${expires}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return Number(expires) > now() ? hash : null;
    },
  };
}

/** Whether a token's hash equals the stored one, in constant time. */
export function sameHash(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
