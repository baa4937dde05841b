// The requests of the hostile-files suite, over real sockets: uploads sent whole (raw,
// chunked or multipart), uploads cut short (truncated, aborted, a client that goes away), and
// downloads read to their end without being kept.
import http, { type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** What came back: the status (none when the server answered nothing), the first of the body. */
export interface Answer {
  status: number | 'none';
  headers: IncomingHttpHeaders;
  bytes: number;
  /** The first 500 characters of the body, for a failure message. */
  text: string;
  /** Why there was no answer: the socket's error, or "closed". */
  reason?: string;
  /** What else the case saw (the other requests of a concurrent case). */
  note?: string;
}

export interface Target {
  baseUrl: string;
  token: string;
}

/** A request of the suite: sent, read, and given up at the signal. */
export type Send = (signal: AbortSignal) => Promise<Answer>;

const chunkBytes = 64 * 1024;

/** Reads the answer to its end, keeping only its first characters. */
function readAnswer(response: http.IncomingMessage): Promise<Answer> {
  return new Promise((resolve) => {
    let bytes = 0;
    let text = '';
    const done = (reason?: string) =>
      resolve({
        status: response.statusCode ?? 'none',
        headers: response.headers,
        bytes,
        text,
        ...(reason ? { reason } : {}),
      });
    response.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (text.length < 500) text += chunk.toString('utf8', 0, 500 - text.length);
    });
    response.on('end', () => done());
    response.on('error', (error) => done(`answer cut: ${error.message}`));
    response.on('aborted', () => done('answer cut'));
  });
}

/**
 * One request on a connection of its own; the body is written in 64 KiB pieces, waiting for
 * the socket to take each, so the server may answer (413) before it has all of it. `chunked`
 * sends no Content-Length.
 */
export function request(
  target: Target,
  options: {
    method: 'GET' | 'POST';
    path: string;
    body?: Buffer;
    contentType?: string;
    chunked?: boolean;
    signal: AbortSignal;
  },
): Promise<Answer> {
  const url = new URL(`/api/v1${options.path}`, target.baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const headers: Record<string, string> = { authorization: `Bearer ${target.token}` };
    if (options.contentType) headers['content-type'] = options.contentType;
    if (options.body && !options.chunked) headers['content-length'] = String(options.body.length);
    const outgoing = http.request(url, {
      method: options.method,
      headers,
      agent: false,
      signal: options.signal,
    });
    outgoing.on('response', (response) => void readAnswer(response).then(finish));
    outgoing.on('error', (error) =>
      finish({ status: 'none', headers: {}, bytes: 0, text: '', reason: error.message }),
    );
    void (async () => {
      const body = options.body ?? Buffer.alloc(0);
      for (let at = 0; at < body.length && !outgoing.destroyed; at += chunkBytes) {
        if (!outgoing.write(body.subarray(at, at + chunkBytes)))
          await new Promise<void>((drained) => {
            const done = () => {
              outgoing.off('drain', done).off('close', done);
              drained();
            };
            outgoing.on('drain', done).on('close', done);
          });
      }
      if (!outgoing.destroyed) outgoing.end();
    })();
  });
}

/** POST /import?{query} with the file as the raw body. */
export const postImport =
  (target: () => Target, query: string, body: Buffer, chunked = false): Send =>
  (signal) =>
    request(target(), {
      method: 'POST',
      path: `/import?${query}`,
      body,
      contentType: 'application/octet-stream',
      chunked,
      signal,
    });

/** POST /import with the file as a multipart/form-data upload's one file. */
export const postMultipartImport =
  (target: () => Target, filename: string, file: Buffer): Send =>
  (signal) => {
    const boundary = `hostile${Date.now()}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return request(target(), {
      method: 'POST',
      path: '/import',
      body,
      contentType: `multipart/form-data; boundary=${boundary}`,
      signal,
    });
  };

/** GET the path, read to its end. */
export const download =
  (target: () => Target, path: string): Send =>
  (signal) =>
    request(target(), { method: 'GET', path, signal });

/** An upload cut short on a raw socket. */
export interface CutUpload {
  query: string;
  body: Buffer;
  /** How much of the body is sent before the client stops. */
  sendBytes: number;
  /** Chunked transfer encoding (cut before its last chunk) rather than a Content-Length. */
  chunked: boolean;
  /**
   * How the client stops: `end` half-closes (FIN) and waits for an answer; `destroy` drops the
   * connection (RST); `trickle-destroy` sends slowly, 64 KiB every 50 ms, then drops it.
   */
  stop: 'end' | 'destroy' | 'trickle-destroy';
}

/** The status line's code in what the server wrote back, if it wrote one. */
function statusOf(received: string): number | 'none' {
  const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
  return match ? Number(match[1]) : 'none';
}

/**
 * An upload the client never finishes: it declares the whole body (or sends it chunked), sends
 * part of it, then stops as `stop` says. The answer is whatever the server wrote before the
 * connection closed (none, usually); `end` waits for the server to close, up to the signal.
 */
export const cutUpload =
  (target: () => Target, cut: CutUpload): Send =>
  (signal) => {
    const { baseUrl, token } = target();
    const url = new URL(baseUrl);
    return new Promise((resolve) => {
      const socket: Socket = connect({ host: url.hostname, port: Number(url.port) });
      socket.setNoDelay(true);
      let received = '';
      let settled = false;
      const finish = (reason: string) => {
        if (settled) return;
        settled = true;
        socket.destroy();
        resolve({
          status: statusOf(received),
          headers: {},
          bytes: received.length,
          text: received.slice(0, 500),
          reason,
        });
      };
      signal.addEventListener('abort', () => finish('gave up'), { once: true });
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', (error) => finish(error.message));
      socket.on('close', () => finish('closed'));
      socket.on('connect', () => {
        void (async () => {
          socket.write(
            `POST /api/v1/import?${cut.query} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/octet-stream\r\n${
              cut.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${cut.body.length}`
            }\r\n\r\n`,
          );
          for (let at = 0; at < cut.sendBytes && !settled; at += chunkBytes) {
            const piece = cut.body.subarray(at, Math.min(at + chunkBytes, cut.sendBytes));
            const framed = cut.chunked
              ? Buffer.concat([
                  Buffer.from(`${piece.length.toString(16)}\r\n`),
                  piece,
                  Buffer.from('\r\n'),
                ])
              : piece;
            if (!socket.write(framed))
              await new Promise((drained) => socket.once('drain', drained));
            if (cut.stop === 'trickle-destroy') await sleep(50);
          }
          if (settled) return;
          if (cut.stop === 'end') socket.end();
          else {
            socket.resetAndDestroy();
            finish(
              cut.stop === 'destroy' ? 'the client reset the connection' : 'the client went away',
            );
          }
        })();
      });
    });
  };

/**
 * An upload held open: its headers and first 64 KiB are sent, the rest waits for `release`,
 * which sends it and reads the answer (Connection: close, so the answer ends with the socket).
 */
export async function heldUpload(
  target: Target,
  query: string,
  body: Buffer,
): Promise<{ release(signal: AbortSignal): Promise<Answer> }> {
  const url = new URL(target.baseUrl);
  const socket: Socket = connect({ host: url.hostname, port: Number(url.port) });
  let received = '';
  let closed = false;
  let reason = 'closed';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', (error) => (reason = error.message));
  const closing = new Promise<void>((resolve) =>
    socket.on('close', () => {
      closed = true;
      resolve();
    }),
  );
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `POST /api/v1/import?${query} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${target.token}\r\nContent-Type: application/octet-stream\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, chunkBytes));
  return {
    async release(signal) {
      // Not end(): a FIN before the server has read the body aborts the request (Node's
      // http server does not allow half-open connections).
      if (!closed) socket.write(body.subarray(chunkBytes));
      const gaveUp = new Promise<void>((resolve) =>
        signal.addEventListener('abort', () => resolve(), { once: true }),
      );
      await Promise.race([closing, gaveUp]);
      socket.destroy();
      return {
        status: statusOf(received),
        headers: {},
        bytes: received.length,
        text: received.slice(0, 500),
        reason,
      };
    },
  };
}
