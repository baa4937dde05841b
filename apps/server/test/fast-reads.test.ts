import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import { syncOf } from './helpers/sync.ts';
import type { TestApp, TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET over a real socket, as a client sends it: the front door sees it first. */
function overHttp(t: TestApp, url: string, headers: Record<string, string>): Promise<Answer> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The same GET through Fastify's lifecycle (inject never passes the front door). */
async function throughFastify(
  t: TestApp,
  url: string,
  headers: Record<string, string>,
): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, body: res.body };
}

/** What Node adds to every answer on a socket, and light-my-request does not. */
const socketOnly = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const comparable = (answer: Answer) => ({
  status: answer.status,
  body: answer.body,
  headers: Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => !socketOnly.has(name)),
  ),
});

describe.each(databaseKinds)('reads answered before Fastify on $name', (kind) => {
  const lines: Record<string, unknown>[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n'))
      if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const t = useTestApp(kind, { env: { LOG_LEVEL: 'info' }, overrides: { logStream: stream } });
  let listening: Promise<unknown> | undefined;
  const listen = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));

  async function userWithData(): Promise<TestUser> {
    await listen();
    const user = await t.signUp();
    await seedEntry(t, user, (await seedLocation(t, user)).id);
    return user;
  }

  /** Reads `url` once to get its ETag (which also puts the token in the verifier's cache). */
  async function etagOf(user: TestUser, url: string): Promise<string> {
    const first = await overHttp(t, url, user.auth);
    expect(first.status).toBe(200);
    return String(first.headers.etag);
  }

  const conditionalUrls: [string, (user: TestUser) => Promise<string>][] = [
    ['GET /locations', async () => '/api/v1/locations'],
    ['GET /sync', async () => '/api/v1/sync'],
    [
      'GET /sync?since=…',
      async (user) => `/api/v1/sync?since=${encodeURIComponent((await syncOf(t, user)).cursor)}`,
    ],
    ['GET /preferences', async () => '/api/v1/preferences'],
  ];

  describe.each(conditionalUrls)('%s', (_name, urlFor) => {
    it('answers the 304 before Fastify, with the very status, headers and body Fastify sends', async () => {
      const user = await userWithData();
      const url = await urlFor(user);
      const etag = await etagOf(user, url);
      const headers = { ...user.auth, 'if-none-match': etag };
      const before = t.app.fastReads?.answered ?? 0;
      const fast = await overHttp(t, url, headers);
      expect(t.app.fastReads?.answered).toBe(before + 1);
      const normal = await throughFastify(t, url, headers);
      expect(fast.status).toBe(304);
      expect(comparable(fast)).toEqual(comparable(normal));
    });

    it("never matches another user's ETag", async () => {
      const [owner, other] = [await userWithData(), await userWithData()];
      const url = await urlFor(owner);
      const etag = await etagOf(owner, url);
      await etagOf(other, url.replace(/since=[^&]*/, 'x=1').replace('?x=1', ''));
      const res = await overHttp(t, url, { ...other.auth, 'if-none-match': etag });
      expect(res.status).not.toBe(304);
    });
  });
});
