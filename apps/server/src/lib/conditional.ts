import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z, type ZodType } from 'zod';

/** The browser keeps the answer but asks every time whether it is still current. */
export const revalidateEveryTime = 'private, no-cache';

/**
 * A short tag of the user in every ETag: two users at the same revision never share one, so a
 * cache that forgot whose answer it kept (a browser after an account switch) cannot get a 304
 * for another user's answer.
 */
function userTag(userId: string): string {
  let tag = userTags.get(userId);
  if (tag === undefined) {
    tag = createHash('sha256').update(userId).digest('base64url').slice(0, 10);
    userTags.set(userId, tag);
  }
  return tag;
}
/** Remembered, as a 304 is mostly this work: each user's tag is hashed once. */
const userTags = new LRUCache<string, string>({ max: 10_000 });

/**
 * `"<kind><part>.<part>….<user>"`: the kind of answer (`l`, `s`, `p`), the numbers the answer
 * depends on (revisions, the photo-signing day), each in base 36, and the user's tag.
 */
export function etagOf(kind: string, userId: string, parts: readonly (number | string)[]): string {
  const numbers = parts.map((part) => (typeof part === 'number' ? part.toString(36) : part));
  return `"${kind}${numbers.join('.')}.${userTag(userId)}"`;
}

/** If-None-Match names this ETag (weak comparison, a list, or `*`). */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch === etag) return true;
  const listed = [ifNoneMatch]
    .flat()
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().replace(/^W\//, ''));
  return listed.some((value) => value === etag || value === '*');
}

/** The 304 of a conditional read, as the OpenAPI document shows it: no body. */
export const notModifiedSchema = z
  .null()
  .describe('Not modified: the ETag named in If-None-Match is still current; no body');

/** A conditional read's outcome: its headers, and a body unless the client's copy is current. */
export interface ConditionalAnswer {
  headers: Record<string, string>;
  /** The JSON answer, serialized or written as it is made; absent for 304 Not Modified. */
  body?: Buffer | Readable;
}

/** Sends a conditional read: 304 with no body, or 200 with the serialized JSON as it is. */
export function sendConditional(reply: FastifyReply, answer: ConditionalAnswer): FastifyReply {
  reply.headers(answer.headers);
  if (!answer.body) return reply.code(304).send();
  // A Buffer or a stream with its type set is sent as it is: Fastify does not serialize it again
  // (a stream is piped, so a slow client holds back the reads, not the server's memory).
  return reply.header('content-type', 'application/json; charset=utf-8').send(answer.body);
}

/**
 * An answer as JSON bytes. Outside production the value is checked against its schema first (a
 * mismatch is a bug: the request fails with a logged 500); production skips that and sends
 * plain JSON.stringify. Either way the bytes are the same.
 */
export function answerJson<T>(schema: ZodType<T>, value: T, validate: boolean): Buffer {
  if (validate) schema.parse(value);
  return Buffer.from(JSON.stringify(value));
}
