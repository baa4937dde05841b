import { createHmac, timingSafeEqual } from 'node:crypto';

export interface CursorCodec {
  /** The opaque cursor a client sends back as `since`: the revision, bound to its user. */
  encode(userId: string, revision: number): string;
  /** The revision, or undefined for anything this server did not issue to this user. */
  decode(userId: string, cursor: string): number | undefined;
}

/** Base-36 digits, a dot, then 22 base64url characters (128 bits of HMAC). */
const cursorPattern = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/;

/**
 * Cursors carry an HMAC of the user and the revision, so one that was altered, made up, or
 * issued to another user is refused (400) instead of quietly answering the wrong changes.
 */
export function createCursorCodec(secret: string): CursorCodec {
  const key = createHmac('sha256', secret).update('sync-cursor').digest();
  const mac = (userId: string, revision: number) =>
    createHmac('sha256', key).update(`${userId}\n${revision}`).digest('base64url').slice(0, 22);
  return {
    encode: (userId, revision) => `${revision.toString(36)}.${mac(userId, revision)}`,
    decode(userId, cursor) {
      const match = cursorPattern.exec(cursor);
      if (!match?.[1] || !match[2]) return undefined;
      const revision = parseInt(match[1], 36);
      if (!Number.isSafeInteger(revision)) return undefined;
      const expected = Buffer.from(mac(userId, revision));
      const given = Buffer.from(match[2]);
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? revision
        : undefined;
    },
  };
}
