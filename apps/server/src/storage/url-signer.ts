import { createHmac, timingSafeEqual } from 'node:crypto';

const dayMs = 24 * 60 * 60 * 1000;

export interface SignedUrlParts {
  key: string;
  expires: number;
  sig: string;
}

export interface UrlSigner {
  /** `/api/files/{key}?expires=…&sig=…`; the same all day long, so browsers can cache the image. */
  url(key: string): string;
  verify(parts: SignedUrlParts): boolean;
  /**
   * The day (UTC, counted from 1970) URLs are signed for now: the same day, the same URLs. An
   * answer holding signed URLs names it in its ETag, so a copy kept from an earlier day is not
   * reused with links about to expire.
   */
  day(): number;
}

/**
 * Photo URLs carry their own proof of ownership (an HMAC), so an <img> can load them without a
 * bearer header. The expiry is the end of tomorrow (UTC): a URL stays valid 24–48 hours.
 */
export function createUrlSigner(secret: string, now: () => number = () => Date.now()): UrlSigner {
  const key = createHmac('sha256', secret).update('photo-url-signing').digest();
  const signature = (path: string, expires: number) =>
    createHmac('sha256', key).update(`${path}\n${expires}`).digest('base64url');
  return {
    day: () => Math.floor(now() / dayMs),
    url(path) {
      const expires = (Math.floor(now() / dayMs) + 2) * dayMs;
      return `/api/files/${path}?expires=${expires}&sig=${signature(path, expires)}`;
    },
    verify({ key: path, expires, sig }) {
      if (!Number.isFinite(expires) || expires <= now()) return false;
      const expected = Buffer.from(signature(path, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
