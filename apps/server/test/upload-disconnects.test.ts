// Uploads past IMPORT_MAX_MB, and uploads the client abandons, against the real server (its build,
// as `npm start` runs it, in production mode with TRUST_PROXY's default) over a real socket:
// Fastify's inject() has no socket to close, which is how a 413 that crashed the process went
// unseen.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startChildServer, type ChildServer } from './helpers/child-server.ts';
import { signUpOver } from './helpers/child-session.ts';
import { multipartBody } from './helpers/multipart.ts';

const overLimit = Buffer.alloc(21 * 1024 * 1024, 'spot,'.repeat(10));

describe('uploads that are refused or abandoned over a real socket', () => {
  let server: ChildServer;
  let port: number;
  let token: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fj-uploads-'));
    port = await freePort();
    // Its own temporary folder, where the uploads are spooled: the last test looks in it.
    mkdirSync(path.join(dataDir, 'tmp'));
    server = await startChildServer({
      dataDir,
      port,
      build: true,
      env: { LOG_LEVEL: 'info', TMPDIR: path.join(dataDir, 'tmp') },
    });
    ({ token } = await signUpOver(server.baseUrl));
  });

  afterAll(async () => {
    await server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The server is still up: its process runs and /api/health answers 200. */
  async function expectAlive(): Promise<void> {
    // A crash comes when the refused request's line is logged, just after its answer.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const health = await fetch(`${server.baseUrl}/api/health`).then(
      (res) => res.status,
      (error: Error) => `no answer (${error.message})\n${server.output()}`,
    );
    expect(health).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }

  /** POSTs the body to /import with node:http, whole (Content-Length) or in 1 MB chunks. */
  function upload(
    body: Buffer,
    headers: Record<string, string>,
    chunked: boolean,
  ): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request(
        `${server.baseUrl}/api/v1/import`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            ...headers,
            ...(chunked ? {} : { 'content-length': String(body.length) }),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (!chunked) return void req.end(body);
      for (let at = 0; at < body.length; at += 1024 * 1024)
        req.write(body.subarray(at, at + 1024 * 1024));
      req.end();
    });
  }

  /**
   * Writes the request's head and part of its body on a raw socket, then either closes the
   * connection (`abort`) or only its sending side (`truncate`); resolves with the status line
   * the server sent, if any, once the connection has closed.
   */
  function sendPart(
    head: Record<string, string>,
    body: Buffer,
    then: 'abort' | 'truncate',
  ): Promise<string> {
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', () => {});
      socket.on('close', () => resolve(received.split('\r\n', 1)[0] ?? ''));
      const lines = Object.entries({
        host: `127.0.0.1:${port}`,
        authorization: `Bearer ${token}`,
        ...head,
      }).map(([name, value]) => `${name}: ${value}`);
      socket.write(`POST /api/v1/import HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      socket.write(body, () => {
        if (then === 'abort') socket.destroy();
        else socket.end();
      });
    });
  }

  it('answers 21 MB sent whole with 413 naming the limit, and keeps running', async () => {
    const res = await upload(overLimit, { 'content-type': 'text/csv' }, false);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 20 MB' },
    });
    await expectAlive();
  });

  it('answers 21 MB sent chunked with 413, and keeps running', async () => {
    const res = await upload(overLimit, { 'content-type': 'text/csv' }, true);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    await expectAlive();
  });

  it('answers a 21 MB multipart upload with 413, and keeps running', async () => {
    const form = multipartBody([
      { name: 'file', filename: 'spots.csv', contentType: 'text/csv', data: overLimit },
    ]);
    const res = await upload(form.payload, form.headers, false);
    expect(res.status).toBe(413);
    await expectAlive();
  });

  it('answers 21 MB sent without a token with a 401 the client reads', async () => {
    const res = await upload(overLimit, { 'content-type': 'text/csv', authorization: '' }, false);
    expect(res.status).toBe(401);
    await expectAlive();
  });

  it('logs the refused upload with the client it came from', async () => {
    await upload(overLimit, { 'content-type': 'text/csv' }, false);
    const refusedLine = () =>
      server
        .output()
        .split('\n')
        .find((line) => line.includes('"url":"/api/v1/import"') && line.includes('413'));
    // The log is written in the background (logFlush in src/logging.ts says how often).
    for (let waited = 0; !refusedLine() && waited < 2000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(refusedLine()).toContain('"remoteAddress":"127.0.0.1"');
  });

  it('survives a client that sends 21 MB and hangs up without reading the answer', async () => {
    await sendPart(
      { 'content-type': 'text/csv', 'content-length': String(overLimit.length) },
      overLimit,
      'abort',
    );
    await expectAlive();
  });

  it('survives a client that disconnects mid-upload', async () => {
    await sendPart(
      { 'content-type': 'text/csv', 'content-length': String(5 * 1024 * 1024) },
      overLimit.subarray(0, 1024 * 1024),
      'abort',
    );
    await expectAlive();
  });

  it('survives a client that hangs up right after the head, before any of the body', async () => {
    for (const sent of [0, 1, 10, 100, 1000, 10_000, 0, 1, 10, 100, 1000, 10_000])
      await sendPart(
        { 'content-type': 'text/csv', 'content-length': String(100_000) },
        overLimit.subarray(0, sent),
        'abort',
      );
    await expectAlive();
  });

  it('survives a chunked upload cut off mid-chunk', async () => {
    const chunk = overLimit.subarray(0, 1024 * 1024);
    await sendPart(
      { 'content-type': 'text/csv', 'transfer-encoding': 'chunked' },
      Buffer.concat([Buffer.from('200000\r\n'), chunk]),
      'abort',
    );
    await expectAlive();
  });

  it('answers a truncated upload (less than its Content-Length, then the end) with 400', async () => {
    const status = await sendPart(
      { 'content-type': 'text/csv', 'content-length': String(5 * 1024 * 1024) },
      overLimit.subarray(0, 1024 * 1024),
      'truncate',
    );
    expect(status).toMatch(/^HTTP\/1\.1 400/);
    await expectAlive();
  });

  it('survives a multipart upload cut off mid-file', async () => {
    const form = multipartBody([
      { name: 'file', filename: 'spots.csv', contentType: 'text/csv', data: overLimit },
    ]);
    await sendPart(
      { ...form.headers, 'content-length': String(form.payload.length) },
      form.payload.subarray(0, 1024 * 1024),
      'abort',
    );
    await expectAlive();
  });

  it('leaves no spooled upload behind', async () => {
    const spooled = () => readdirSync(path.join(dataDir, 'tmp'));
    // The last upload's folder goes once its request has been dealt with.
    for (let waited = 0; spooled().length > 0 && waited < 2000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(spooled()).toEqual([]);
  });
});
