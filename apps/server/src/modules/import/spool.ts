import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished, PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../errors.ts';
import { importError } from '../../lib/import-error.ts';

/** A request body written to a temporary file: never held in memory, however large. */
export interface SpooledFile {
  path: string;
  size: number;
  /** Its first bytes (up to 4), which tell a ZIP. */
  head: Buffer;
  /** Removes the file and its folder; safe to call twice. */
  remove(): Promise<void>;
}

export interface SpoolLimits {
  /** Any file: IMPORT_MAX_MB. */
  maxBytes: number;
  /** A file that starts as a ZIP (an account's backup, or a KMZ): RESTORE_MAX_MB. */
  maxZipBytes: number;
}

const tooLarge = (max: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${Math.round(max / 1024 / 1024)} MB`);

const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Writes the stream to a new private temporary folder, stopping with 413 past the limit: a ZIP
 * (told by its first four bytes) may reach maxZipBytes, anything else maxBytes, so a text file
 * is refused as early as before.
 */
export async function spool(source: Readable, limits: SpoolLimits): Promise<SpooledFile> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fj-upload-'));
  const file = path.join(dir, 'upload');
  const remove = () => rm(dir, { recursive: true, force: true });
  let size = 0;
  let head = Buffer.alloc(0);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head.length < 4) head = Buffer.concat([head, chunk]).subarray(0, 4);
      size += chunk.length;
      const isZip = head.length >= 4 ? head.equals(zipSignature) : true;
      const max = isZip ? limits.maxZipBytes : limits.maxBytes;
      if (size > max) return done(tooLarge(max));
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, createWriteStream(file, { mode: 0o600 }));
  } catch (error) {
    await remove();
    throw error;
  }
  return { path: file, size, head, remove };
}

/**
 * A request's body as a stream that `spool` may destroy without destroying the request: on a
 * refusal (413) the request is only unpiped and paused, so its socket lives until the answer has
 * been written (Fastify closes the connection after a body parser's error). Destroyed, it closed
 * the socket before the answer: the client could read a reset instead of the 413, and Node let go
 * of the socket, which the request's log line read, and the process crashed. A request that ends early (the
 * client went away, or sent less than its Content-Length) fails the spool with a 400.
 */
export function detachedBody(request: Readable): Readable {
  const body = new PassThrough();
  // The spool starts reading after an await (its folder): an error emitted before then, with no
  // listener, would be thrown out of the process. The spool's pipeline still sees it, as the
  // stream's error, once it starts.
  body.on('error', () => {});
  request.pipe(body);
  const stopWatching = finished(request, { writable: false }, (error) => {
    stopWatching();
    if (error) body.destroy(importError('The upload ended before the whole file arrived'));
  });
  return body;
}
