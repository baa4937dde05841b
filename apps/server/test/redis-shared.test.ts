import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { freePort } from './helpers/child-server.ts';
import { databaseKinds, type DatabaseKind, type TestDatabase } from './helpers/databases.ts';
import {
  redisAnswers,
  startOwnRedis,
  testRedisUrl,
  uniqueRedisPrefix,
  type OwnRedis,
} from './helpers/redis.ts';
import { solidPng, writeMbtiles } from './helpers/tile-files.ts';

const redisUp = await redisAnswers();
if (!redisUp) console.warn(`redis-shared: skipped, no Redis answers at ${testRedisUrl}`);

/** The documented promise (docs/behaviour.md#revocation): a revoked ID token is refused within 5 s. */
const revocationDeadlineMs = 5000;

function captureLog() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/**
 * Two apps as two servers would be: one database, one Redis (under a prefix of this block's own),
 * one AUTH_SECRET, each its own memory.
 */
function useTwoServers(kind: DatabaseKind, env: Record<string, string>) {
  const servers: FastifyInstance[] = [];
  let database: TestDatabase | undefined;
  let dataDir = '';
  beforeAll(async () => {
    database = await kind.create();
    dataDir = mkdtempSync(path.join(tmpdir(), 'fj-redis-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
      AUTH_RATE_LIMIT_MAX: '10000',
      RATE_LIMIT_MAX: '100000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      REDIS_URL: testRedisUrl,
      REDIS_PREFIX: uniqueRedisPrefix(),
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    });
    // One after the other: the first migrates the fresh database.
    servers.push(await buildApp(config));
    servers.push(await buildApp(config));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const server = (index: number) => {
    const found = servers[index];
    if (!found) throw new Error('the servers have not started');
    return found;
  };
  return {
    get tilesDir() {
      return path.join(dataDir, 'tiles');
    },
    get a() {
      return server(0);
    },
    get b() {
      return server(1);
    },
  };
}

async function signUp(app: FastifyInstance) {
  const email = `forager-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password: 'chanterelle', name: 'Forager' },
  });
  expect(res.statusCode).toBe(200);
  const sessionToken = String(res.headers['set-auth-token']);
  const token = await app.inject({
    method: 'GET',
    url: '/api/auth/token',
    headers: { authorization: `Bearer ${sessionToken}` },
  });
  expect(token.statusCode).toBe(200);
  return {
    id: res.json<{ user: { id: string } }>().user.id,
    email,
    sessionToken,
    auth: { authorization: `Bearer ${token.json<{ token: string }>().token}` },
  };
}

/** Asks until the condition holds or the deadline passes; answers whether it held. */
async function within(ms: number, condition: () => Promise<boolean> | boolean): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(redisUp).each(databaseKinds)('two servers sharing Redis on $name', (kind) => {
  describe('the API rate limit', () => {
    const s = useTwoServers(kind, { RATE_LIMIT_MAX: '4', TILE_RATE_LIMIT_MAX: '4' });

    it('counts one client on both servers against one budget', async () => {
      const user = await signUp(s.a);
      const get = (app: FastifyInstance) =>
        app
          .inject({
            method: 'GET',
            url: '/api/v1/locations',
            remoteAddress: '192.0.2.7',
            headers: user.auth,
          })
          .then((res) => res.statusCode);
      expect([await get(s.a), await get(s.a), await get(s.b), await get(s.b)]).toEqual([
        200, 200, 200, 200,
      ]);
      expect(await get(s.a)).toBe(429);
      expect(await get(s.b)).toBe(429);
    });

    it("counts the map tiles' own budget on both servers too", async () => {
      // The two servers share DATA_DIR here, so both serve this file.
      const dir = s.tilesDir;
      mkdirSync(dir, { recursive: true });
      writeMbtiles(
        path.join(dir, 'base.mbtiles'),
        [{ z: 0, x: 0, y: 0, data: await solidPng({ r: 0, g: 128, b: 0 }) }],
        { format: 'png' },
      );
      const tile = (app: FastifyInstance) =>
        app
          .inject({ url: '/api/tiles/base/0/0/0', remoteAddress: '192.0.2.8' })
          .then((res) => res.statusCode);
      expect([await tile(s.a), await tile(s.b), await tile(s.a), await tile(s.b)]).toEqual([
        200, 200, 200, 200,
      ]);
      expect(await tile(s.a)).toBe(429);
      expect(await tile(s.b)).toBe(429);
    });
  });

  describe("better-auth's limit", () => {
    const s = useTwoServers(kind, { AUTH_RATE_LIMIT_MAX: '3' });

    it('counts sign-in attempts on both servers together', async () => {
      const signIn = (app: FastifyInstance, n: number) =>
        app
          .inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            // A different address each time: the per-address throttle stays out of it.
            payload: { email: `nobody-${n}@example.com`, password: 'wrong-password' },
          })
          .then((res) => res.statusCode);
      expect([await signIn(s.a, 1), await signIn(s.b, 2), await signIn(s.a, 3)]).toEqual([
        401, 401, 401,
      ]);
      expect(await signIn(s.b, 4)).toBe(429);
      expect(await signIn(s.a, 5)).toBe(429);
    });
  });

  describe('the sign-in back-off', () => {
    const s = useTwoServers(kind, {});

    it('counts failed sign-ins for one address on both servers together', async () => {
      const user = await signUp(s.a);
      const signIn = (app: FastifyInstance, password: string) =>
        app
          .inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            payload: { email: user.email, password },
          })
          .then((res) => res.statusCode);
      // Five failures in a row start the back-off (README, Sessions and guessing).
      const failures = await Promise.all(
        [s.a, s.b, s.a, s.b, s.a].map((app) => signIn(app, 'wrong-password')),
      );
      expect(failures).toEqual([401, 401, 401, 401, 401]);
      expect(await signIn(s.b, 'chanterelle')).toBe(429);
      expect(await signIn(s.a, 'chanterelle')).toBe(429);
    });
  });

  describe('revocations and cached lists', () => {
    const s = useTwoServers(kind, {});

    it('refuses on the other server, within 5 s, a token whose session ended on one', async () => {
      const user = await signUp(s.a);
      const listOn = (app: FastifyInstance) =>
        app
          .inject({ method: 'GET', url: '/api/v1/locations', headers: user.auth })
          .then((res) => res.statusCode);
      expect(await listOn(s.b)).toBe(200);
      const out = await s.a.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { authorization: `Bearer ${user.sessionToken}` },
      });
      expect(out.statusCode).toBe(200);
      expect(await listOn(s.a)).toBe(401);
      expect(await within(revocationDeadlineMs, async () => (await listOn(s.b)) === 401)).toBe(
        true,
      );
    });

    it("drops a deleted account's cached list on every server", async () => {
      const user = await signUp(s.a);
      for (const app of [s.a, s.b]) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/locations',
          headers: user.auth,
        });
        expect(res.statusCode).toBe(200);
        expect(app.listCache.holds(user.id)).toBe(true);
      }
      const deleted = await s.a.inject({
        method: 'POST',
        url: '/api/auth/delete-user',
        headers: { authorization: `Bearer ${user.sessionToken}` },
        payload: { password: 'chanterelle' },
      });
      expect(deleted.statusCode).toBe(200);
      expect(s.a.listCache.holds(user.id)).toBe(false);
      expect(await within(revocationDeadlineMs, () => !s.b.listCache.holds(user.id))).toBe(true);
    });
  });
});

// This block starts and kills a redis-server of its own.
const ownRedisRuns = spawnSync('redis-server', ['--version']).status === 0;
if (!ownRedisRuns) console.warn('redis-shared: outage tests skipped, no redis-server command');

describe.runIf(ownRedisRuns)('Redis going away', () => {
  let redis: OwnRedis | undefined;
  let app: FastifyInstance | undefined;
  let dataDir = '';
  const log = captureLog();

  beforeAll(async () => {
    const port = await freePort();
    redis = await startOwnRedis(port);
    dataDir = mkdtempSync(path.join(tmpdir(), 'fj-redis-down-'));
    app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        REDIS_URL: redis.url,
        REDIS_PREFIX: uniqueRedisPrefix(),
      }),
      { logStream: log.stream },
    );
  });
  afterAll(async () => {
    await app?.close();
    await redis?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('still answers, logs the outage once, and says when Redis is back', async () => {
    if (!app || !redis) throw new Error('set-up failed');
    const server = app;
    const user = await signUp(server);
    const port = new URL(redis.url).port;
    await redis.stop();
    const outage = () =>
      log
        .text()
        .split('\n')
        .filter((line) => line.includes('Redis is unreachable'));
    // Reads, sign-ins and writes go on, however many reconnect attempts fail meanwhile.
    for (let i = 0; i < 5; i++) {
      const res = await server.inject({
        method: 'GET',
        url: '/api/v1/locations',
        headers: user.auth,
      });
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const signIn = await server.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: 'chanterelle' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(outage()).toHaveLength(1);

    redis = await startOwnRedis(Number(port));
    expect(await within(10_000, () => log.text().includes('Redis is reachable again'))).toBe(true);
    expect(outage()).toHaveLength(1);
  });

  it('starts without Redis, and shares revocations once Redis comes up', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fj-redis-late-'));
    const port = await freePort();
    const logs = [captureLog(), captureLog()];
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
      WEB_DIST_DIR: path.join(dir, 'no-web-build'),
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_PREFIX: uniqueRedisPrefix(),
    });
    const apps: FastifyInstance[] = [];
    let late: OwnRedis | undefined;
    try {
      for (const log of logs) apps.push(await buildApp(config, { logStream: log.stream }));
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const user = await signUp(a);
      late = await startOwnRedis(port);
      const back = await within(10_000, () =>
        logs.every((log) => log.text().includes('Redis is reachable again')),
      );
      expect(back).toBe(true);
      const listOn = (app: FastifyInstance) =>
        app
          .inject({ method: 'GET', url: '/api/v1/locations', headers: user.auth })
          .then((res) => res.statusCode);
      expect(await listOn(b)).toBe(200);
      const out = await a.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { authorization: `Bearer ${user.sessionToken}` },
      });
      expect(out.statusCode).toBe(200);
      expect(await within(revocationDeadlineMs, async () => (await listOn(b)) === 401)).toBe(true);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await late?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts without Redis when it cannot be reached, and answers', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fj-redis-none-'));
    const closedPort = await freePort();
    const lonely = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
        AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
        WEB_DIST_DIR: path.join(dir, 'no-web-build'),
        REDIS_URL: `redis://127.0.0.1:${closedPort}`,
      }),
    );
    try {
      const user = await signUp(lonely);
      const res = await lonely.inject({
        method: 'GET',
        url: '/api/v1/locations',
        headers: user.auth,
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await lonely.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
