// Random and malformed requests to the routes that read files, streams and tokens (import,
// export, backup, sync, tiles, photos, the reset page), sent over real sockets to the build
// started as `npm start` starts it (production mode, TRUST_PROXY's default: proxies on loopback
// trusted), some chunked and some cut off mid-body: no answer may be a 5xx, and the process must
// stay up (test/fuzz.test.ts calls the app in-process, where no socket ever closes).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorBodySchema } from '@fj/contract/errors';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startChildServer, type ChildServer } from './helpers/child-server.ts';
import { resetTokenOver, signUpOver } from './helpers/child-session.ts';
import {
  socketFuzzRequest,
  type SocketFuzzTargets,
  type SocketRequest,
} from './helpers/fuzz-socket-requests.ts';
import { multipartBody } from './helpers/multipart.ts';
import { gzippedVectorTile, solidPng, writeMbtiles, writePmtiles } from './helpers/tile-files.ts';
import { zipOf } from './helpers/zip-files.ts';

const runs = Number(process.env.FUZZ_SOCKET_REQUESTS ?? 1000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

type Outcome =
  | { kind: 'answer'; status: number; contentType: string; body: Buffer }
  | { kind: 'closed'; error: string }
  | { kind: 'closed early' };

/** IMPORT_MAX_MB given to the server (1 MB; RESTORE_MAX_MB 2 MB). */
const limitBytes = 1024 * 1024;

/** Sends the request whole or chunked with node:http, on a connection of its own. */
function sendWithHttp(port: number, fuzz: SocketRequest): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...fuzz.headers };
    if (fuzz.body && fuzz.sending.kind === 'whole')
      headers['content-length'] = String(fuzz.body.length);
    const req = httpRequest(
      { host: '127.0.0.1', port, method: fuzz.method, path: fuzz.path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            kind: 'answer',
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', (error) => resolve({ kind: 'closed', error: error.message }));
      },
    );
    req.on('error', (error) => resolve({ kind: 'closed', error: error.message }));
    if (!fuzz.body) return void req.end();
    if (fuzz.sending.kind === 'whole') return void req.end(fuzz.body);
    // Chunked: in three pieces.
    const third = Math.ceil(fuzz.body.length / 3);
    for (let at = 0; at < fuzz.body.length; at += third)
      req.write(fuzz.body.subarray(at, at + third));
    req.end();
  });
}

/** Writes the head (declaring the whole body) and the first bytes of the body, then hangs up. */
function sendAndAbort(port: number, fuzz: SocketRequest, at: number): Promise<void> {
  return new Promise((resolve) => {
    const body = fuzz.body ?? Buffer.alloc(0);
    const headers = {
      host: `127.0.0.1:${port}`,
      ...fuzz.headers,
      'content-length': String(body.length),
    };
    const head = `${fuzz.method} ${fuzz.path} HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n')}\r\n\r\n`;
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.on('close', () => resolve());
    socket.write(head);
    socket.write(body.subarray(0, at % (body.length + 1)), () => socket.destroy());
  });
}

/** The route a path is for, for the tally of answers: `/api/tiles/x/1/2/3` is `/api/tiles`. */
const routeOf = (path: string) => {
  const parts = (path.split('?', 1)[0] ?? '').split('/');
  return parts.slice(0, parts[1] !== 'api' ? 2 : parts[2] === 'tiles' ? 3 : 4).join('/');
};

/** What is wrong with an answer, if anything. */
function problemOf(fuzz: SocketRequest, outcome: Outcome): string | undefined {
  if (outcome.kind === 'closed early') return undefined;
  if (outcome.kind === 'closed')
    return `the connection closed without an answer (${outcome.error})`;
  const text = outcome.body.toString('utf8');
  if (outcome.status >= 500) return `answered ${outcome.status}: ${text.slice(0, 300)}`;
  const ours = fuzz.path.startsWith('/api/') && !fuzz.path.startsWith('/api/auth/');
  if (outcome.status < 400 || !ours || !outcome.contentType.includes('json')) return undefined;
  if (outcome.body.length >= 16 * 1024) return `error answer of ${outcome.body.length} bytes`;
  try {
    if (errorBodySchema.safeParse(JSON.parse(text)).success) return undefined;
  } catch {
    // Falls through to the message below.
  }
  return `error answer not in the error shape: ${text.slice(0, 200)}`;
}

describe('fuzzing the file, stream and token routes over a real socket', () => {
  let server: ChildServer;
  let port: number;
  let dataDir: string;
  let targets: SocketFuzzTargets;
  let victim: Record<string, string>;
  let victimBefore: string;

  const api = (auth: Record<string, string>, url: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}/api/v1${url}`, {
      ...init,
      headers: { ...auth, ...(init.headers as Record<string, string> | undefined) },
    });

  const victimSpots = async () => (await api(victim, '/locations')).text();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fj-fuzz-socket-'));
    const tiles = path.join(dataDir, 'tiles');
    mkdirSync(tiles);
    const png = await solidPng({ r: 40, g: 160, b: 90 });
    writeMbtiles(path.join(tiles, 'raster.mbtiles'), [{ z: 1, x: 1, y: 0, data: png }], {
      name: 'raster',
      format: 'png',
      minzoom: '1',
      maxzoom: '1',
    });
    writePmtiles(
      path.join(tiles, 'vector.pmtiles'),
      [{ z: 0, x: 0, y: 0, data: gzippedVectorTile('path').gzipped }],
      {
        tileType: 1,
        tileCompression: 2,
        metadata: { name: 'vector', vector_layers: [{ id: 'roads', fields: {} }] },
        bounds: [-10, 40, 10, 60],
      },
    );
    port = await freePort();
    server = await startChildServer({
      dataDir,
      port,
      build: true,
      // Small limits, so that files past them are cheap to send.
      env: { TILE_RATE_LIMIT_MAX: '1000000', IMPORT_MAX_MB: '1', RESTORE_MAX_MB: '2' },
    });

    const fuzzer = { authorization: `Bearer ${(await signUpOver(server.baseUrl)).token}` };
    victim = { authorization: `Bearer ${(await signUpOver(server.baseUrl)).token}` };
    const json = { 'content-type': 'application/json' };
    const locationIds: string[] = [];
    for (const auth of [fuzzer, victim]) {
      const res = await api(auth, '/locations', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'Spruce bog', position: { lat: 59.3, lng: 18.1 } }),
      });
      if (res.status !== 201) throw new Error(`location: ${res.status} ${await res.text()}`);
      locationIds.push(((await res.json()) as { id: string }).id);
    }
    const photo = multipartBody([
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: png },
    ]);
    const uploaded = await api(fuzzer, '/photos', {
      method: 'POST',
      headers: photo.headers,
      body: photo.payload,
    });
    const photoId = ((await uploaded.json()) as { id: string }).id;
    await api(fuzzer, `/locations/${locationIds[0]}/entries`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ date: '2026-09-12', notes: 'moss', photos: [photoId] }),
    });
    const download = async (url: string) => {
      const res = await api(fuzzer, url);
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return Buffer.from(await res.arrayBuffer());
    };
    const exported = async (format: string) => download(`/export?format=${format}`);
    const kml = await exported('kml');
    const files = {
      geojson: await exported('geojson'),
      gpx: await exported('gpx'),
      kml,
      csv: await exported('csv'),
      kmz: await zipOf({ 'doc.kml': kml }),
      backup: await download('/backup'),
    };
    const listed = await api(fuzzer, '/locations');
    const cursors = [listed.headers.get('sync-cursor') ?? ''];
    cursors.push(((await (await api(fuzzer, '/sync')).json()) as { cursor: string }).cursor);
    const resetUser = await signUpOver(server.baseUrl);
    targets = {
      auth: fuzzer,
      locationIds,
      png,
      files,
      tileNames: ['raster', 'vector'],
      cursors,
      resetToken: await resetTokenOver(server.baseUrl, dataDir, resetUser.email),
      // Well past them: a body refused while most of it is still on its way.
      oversized: [
        Buffer.alloc(4 * 1024 * 1024, 'name,latitude,longitude\n'),
        Buffer.concat([files.backup, Buffer.alloc(5 * 1024 * 1024)]),
      ],
    };
    victimBefore = await victimSpots();
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`answers ${runs} random requests without a 5xx, and stays up`, async () => {
    const statuses = new Map<string, number>();
    await fc
      .assert(
        fc.asyncProperty(socketFuzzRequest(targets), async (fuzz) => {
          const sending = fuzz.sending;
          if (sending.kind === 'abort') {
            await sendAndAbort(port, fuzz, sending.at);
            const key = `${routeOf(fuzz.path)} aborted`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            return;
          }
          let outcome = await sendWithHttp(port, fuzz);
          // A body past the limits is answered (413, or 401) and the connection closed while the
          // client still writes, which node:http reports as a write error, not the answer: fine
          // as long as the server still answers.
          if (outcome.kind === 'closed' && (fuzz.body?.length ?? 0) > limitBytes) {
            const health = await fetch(`${server.baseUrl}/api/health`).catch(() => undefined);
            if (health?.status === 200) outcome = { kind: 'closed early' };
          }
          const key = `${routeOf(fuzz.path)} ${outcome.kind === 'answer' ? outcome.status : outcome.kind}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          const problem = problemOf(fuzz, outcome);
          if (problem) {
            const alive = server.child.exitCode === null ? 'running' : 'exited';
            throw new Error(
              `${fuzz.method} ${fuzz.path.slice(0, 200)} (${sending.kind}, ${fuzz.body?.length ?? 0} bytes): ${problem}; the server has ${alive}\n${server.output().slice(-3000)}`,
            );
          }
        }),
        { numRuns: runs, seed, endOnFailure: true, includeErrorInReport: true },
      )
      .catch((error: unknown) => {
        throw new Error(`fuzz failed with FUZZ_SEED=${seed}: ${String(error)}`);
      });
    console.log(
      `fuzz over a socket: ${runs} requests, seed ${seed}, answers ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(await victimSpots()).toBe(victimBefore);
  }, 60_000);
});
