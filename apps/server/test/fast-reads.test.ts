import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncRepository } from '../src/modules/sync/repository.ts';
import { databaseKinds, sqlite } from './helpers/databases.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import { syncOf } from './helpers/sync.ts';
import type { TestApp, TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * A GET over a real socket, as a client sends it: the front door sees it first. `agent`: one
 * keep-alive connection shared by several requests (sameConnection).
 */
function overHttp(
  t: TestApp,
  url: string,
  headers: Record<string, string>,
  agent?: Agent,
): Promise<Answer> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: url, headers, agent }, (res) => {
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

/** One keep-alive connection for every request made with it (what is kept per connection). */
const sameConnection = () => new Agent({ keepAlive: true, maxSockets: 1 });

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
      const before = t.app.fastReads.answered;
      const fast = await overHttp(t, url, headers);
      // PostgreSQL keeps no preferences in memory (another server may write them): Fastify reads.
      const keptHere = kind.name === 'sqlite' || !url.endsWith('/preferences');
      expect(t.app.fastReads.answered).toBe(before + (keptHere ? 1 : 0));
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

  afterEach(() => vi.useRealTimers());

  const answered = () => t.app.fastReads.answered;

  it('answers GET /preferences (200 and 304) before Fastify while the record is kept (SQLite only), as Fastify would', async () => {
    const user = await userWithData();
    const url = '/api/v1/preferences';
    await overHttp(t, url, user.auth); // reads the record into the row cache on SQLite
    const before = answered();
    const fast = await overHttp(t, url, user.auth);
    expect(answered()).toBe(kind.name === 'sqlite' ? before + 1 : before);
    expect(fast.status).toBe(200);
    expect(comparable(fast)).toEqual(comparable(await throughFastify(t, url, user.auth)));
    // A write forgets the record: the next read is Fastify's again, with the new ETag.
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/preferences/tutorial',
      headers: user.auth,
      payload: { show: false },
    });
    expect(put.statusCode).toBe(200);
    const stale = await overHttp(t, url, {
      ...user.auth,
      'if-none-match': String(fast.headers.etag),
    });
    expect(stale.status).toBe(200);
    expect(stale.headers.etag).not.toBe(fast.headers.etag);
  });

  it('answers a 304 no more once any write changed the answer, and the new ETag at once', async () => {
    const user = await userWithData();
    const url = '/api/v1/locations';
    const writes = [
      () => seedLocation(t, user),
      async () => {
        const [spot] = (await syncOf(t, user)).locations;
        await seedEntry(t, user, spot?.id ?? '');
      },
      () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/v1/preferences/tutorial',
          headers: user.auth,
          payload: { show: false },
        }),
    ];
    for (const write of writes) {
      const etag = await etagOf(user, url);
      expect((await overHttp(t, url, { ...user.auth, 'if-none-match': etag })).status).toBe(304);
      await write();
      const before = answered();
      const stale = await overHttp(t, url, { ...user.auth, 'if-none-match': etag });
      expect(stale.status).toBe(200);
      expect(answered()).toBe(before);
      const fresh = { ...user.auth, 'if-none-match': String(stale.headers.etag) };
      expect((await overHttp(t, url, fresh)).status).toBe(304);
      expect(answered()).toBe(before + 1);
    }
  });

  it.runIf(kind.name === 'sqlite')(
    'decides a 304 at once on SQLite: a write in progress is a change, and other users wait for nothing',
    async () => {
      const [writer, reader] = [await userWithData(), await userWithData()];
      const url = '/api/v1/locations';
      const [writerTag, readerTag] = [await etagOf(writer, url), await etagOf(reader, url)];
      let pending: Promise<Answer> | undefined;
      // The transaction holds Kysely's one SQLite connection until it ends: a 304 that waited
      // for Kysely would wait for this callback, which waits for the 304.
      await t.app.db.transaction().execute(async (trx) => {
        await syncRepository.bump(trx, writer.id);
        const before = answered();
        const other = await overHttp(t, url, { ...reader.auth, 'if-none-match': readerTag });
        expect(other.status).toBe(304);
        expect(answered()).toBe(before + 1);
        // The writer's revision is one ahead (not committed yet): not a 304, Fastify's turn.
        const arrived = new Promise((resolve) => t.app.server.once('request', resolve));
        pending = overHttp(t, url, { ...writer.auth, 'if-none-match': writerTag });
        await arrived;
        expect(answered()).toBe(before + 1);
      });
      const after = await pending;
      expect(after?.status).toBe(200);
      expect(after?.headers.etag).not.toBe(writerTag);
    },
  );

  it('writes one request line for each answer, through the same log', async () => {
    const user = await userWithData();
    const url = '/api/v1/locations';
    const etag = await etagOf(user, url);
    await new Promise((resolve) => setTimeout(resolve, 50));
    lines.length = 0;
    const before = answered();
    expect((await overHttp(t, url, { ...user.auth, 'if-none-match': etag })).status).toBe(304);
    expect(answered()).toBe(before + 1);
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId: expect.stringMatching(/^req-[0-9a-z]+$/),
      msg: 'request completed',
      req: {
        method: 'GET',
        url,
        host: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
        remoteAddress: '127.0.0.1',
        remotePort: expect.any(Number),
      },
      res: { statusCode: 304 },
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(lines[0])).not.toContain(user.idToken);
  });

  it('leaves a revoked token to Fastify, which refuses it', async () => {
    const user = await userWithData();
    const url = '/api/v1/locations';
    const etag = await etagOf(user, url);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${user.sessionToken}` },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    const before = answered();
    for (const target of [url, '/api/v1/preferences']) {
      const res = await overHttp(t, target, { ...user.auth, 'if-none-match': etag });
      expect(res.status).toBe(401);
    }
    expect(answered()).toBe(before);
  });

  it('tells the users of one connection apart, and refuses a token revoked between its requests', async () => {
    const [owner, other] = [await userWithData(), await userWithData()];
    const url = '/api/v1/locations';
    const [ownerTag, otherTag] = [await etagOf(owner, url), await etagOf(other, url)];
    const agent = sameConnection();
    const sockets = new Set<unknown>();
    t.app.server.on('request', (req: { socket: unknown }) => sockets.add(req.socket));
    try {
      const ask = (user: TestUser, etag: string) =>
        overHttp(t, url, { ...user.auth, 'if-none-match': etag }, agent);
      const before = answered();
      expect((await ask(owner, ownerTag)).status).toBe(304);
      expect((await ask(other, ownerTag)).status).toBe(200);
      expect((await ask(other, otherTag)).status).toBe(304);
      expect((await ask(owner, ownerTag)).status).toBe(304);
      expect(answered()).toBe(before + 3);
      const signOut = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { authorization: `Bearer ${owner.sessionToken}` },
        payload: {},
      });
      expect(signOut.statusCode).toBe(200);
      // The very token this connection sent last: refused at once, by Fastify.
      expect((await ask(owner, ownerTag)).status).toBe(401);
      expect(answered()).toBe(before + 3);
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('names the host each request of one connection sent in its line', async () => {
    const user = await userWithData();
    const url = '/api/v1/locations';
    const etag = await etagOf(user, url);
    const agent = sameConnection();
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      lines.length = 0;
      for (const host of ['localhost', '127.0.0.1', 'localhost']) {
        const res = await overHttp(t, url, { ...user.auth, 'if-none-match': etag, host }, agent);
        expect(res.status).toBe(304);
      }
      await vi.waitFor(() => expect(lines).toHaveLength(3));
      expect(lines.map((line) => (line.req as { host: string }).host)).toEqual([
        'localhost',
        '127.0.0.1',
        'localhost',
      ]);
      const ports = new Set(lines.map((line) => (line.req as { remotePort: number }).remotePort));
      expect(ports.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('leaves an expired token to Fastify, which refuses it', async () => {
    const user = await userWithData();
    const url = '/api/v1/locations';
    const etag = await etagOf(user, url);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000);
    const before = answered();
    expect((await overHttp(t, url, { ...user.auth, 'if-none-match': etag })).status).toBe(401);
    expect((await overHttp(t, '/api/v1/preferences', user.auth)).status).toBe(401);
    expect(answered()).toBe(before);
  });

  it('leaves a stale ETag, an Origin, an unknown query and other methods to Fastify', async () => {
    const user = await userWithData();
    const url = '/api/v1/locations';
    const etag = await etagOf(user, url);
    const before = answered();
    const stale = await overHttp(t, url, { ...user.auth, 'if-none-match': '"l0.0.x"' });
    expect(stale.status).toBe(200);
    // A body answer spends the request budget; a 304 spends none, on either path.
    expect(stale.headers['x-ratelimit-remaining']).toEqual(expect.any(String));
    const origin = t.config.publicUrl;
    const cors = await overHttp(t, url, { ...user.auth, 'if-none-match': etag, origin });
    expect(cors.status).toBe(304);
    expect(cors.headers['access-control-allow-origin']).toBe(origin);
    expect(cors.headers['x-ratelimit-remaining']).toBeUndefined();
    expect((await overHttp(t, `${url}?x=1`, { ...user.auth, 'if-none-match': etag })).status).toBe(
      304,
    );
    expect(
      (await overHttp(t, '/api/v1/sync?since=nope', { ...user.auth, 'if-none-match': etag }))
        .status,
    ).toBe(400);
    expect(answered()).toBe(before);
  });
});

describe('reads answered before Fastify behind a trusted proxy', () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n'))
      if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const t = useTestApp(sqlite, {
    env: { LOG_LEVEL: 'info', TRUST_PROXY: 'loopback' },
    overrides: { logStream: stream },
  });
  let listening: Promise<unknown> | undefined;
  const listen = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));

  it('logs the client and host the proxy names, as Fastify does', async () => {
    await listen();
    const user = await t.signUp();
    const url = '/api/v1/locations';
    const proxied = {
      ...user.auth,
      'x-forwarded-for': '198.51.100.3, 203.0.113.7',
      'x-forwarded-host': 'localhost:8080',
    };
    const first = await overHttp(t, url, proxied);
    expect(first.status).toBe(200);
    const etag = String(first.headers.etag);
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
    const fastifyLine = lines.at(-1);
    lines.length = 0;
    const before = t.app.fastReads.answered;
    expect((await overHttp(t, url, { ...proxied, 'if-none-match': etag })).status).toBe(304);
    expect(t.app.fastReads.answered).toBe(before + 1);
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    const expected = { host: 'localhost:8080', remoteAddress: '203.0.113.7' };
    expect(fastifyLine).toMatchObject({ req: expected });
    expect(lines[0]).toMatchObject({ req: expected, res: { statusCode: 304 } });
  });

  it('logs each client a proxy sends over one connection', async () => {
    await listen();
    const user = await t.signUp();
    const url = '/api/v1/locations';
    const etag = String((await overHttp(t, url, user.auth)).headers.etag);
    const agent = sameConnection();
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      lines.length = 0;
      const clients = [
        { 'x-forwarded-for': '198.51.100.3', 'x-forwarded-host': 'localhost:8080' },
        { 'x-forwarded-for': '198.51.100.4', 'x-forwarded-host': 'localhost:8080' },
        { 'x-forwarded-for': '198.51.100.4', 'x-forwarded-host': '127.0.0.1:8080' },
      ];
      for (const client of clients) {
        const headers = { ...user.auth, ...client, 'if-none-match': etag };
        expect((await overHttp(t, url, headers, agent)).status).toBe(304);
      }
      await vi.waitFor(() => expect(lines).toHaveLength(3));
      expect(lines.map((line) => line.req)).toEqual(
        clients.map((client) => ({
          method: 'GET',
          url,
          host: client['x-forwarded-host'],
          remoteAddress: client['x-forwarded-for'],
          remotePort: expect.any(Number),
        })),
      );
    } finally {
      agent.destroy();
    }
  });
});
