// REDIS_URL: two apps on one database and one Redis, as two servers would be (each with its own
// memory), and an app whose Redis goes away or comes late.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { freePort } from './helpers/child-server.ts';
import { databaseKinds, sqlite, type DatabaseKind } from './helpers/databases.ts';
import {
  redisAnswers,
  startOwnRedis,
  testRedisUrl,
  uniqueRedisPrefix,
  type OwnRedis,
} from './helpers/redis.ts';
import type { TestApp, TestUser } from './helpers/test-app.ts';
import { solidPng, writeMbtiles } from './helpers/tile-files.ts';
import { useTestApps } from './helpers/use-test-app.ts';

const redisUp = await redisAnswers();
if (!redisUp) console.warn(`redis-shared: skipped, no Redis answers at ${testRedisUrl}`);
// The outage tests start and kill a redis-server of their own.
const ownRedisRuns = spawnSync('redis-server', ['--version']).status === 0;
if (!ownRedisRuns) console.warn('redis-shared: outage tests skipped, no redis-server command');

/** The documented promise (docs/behaviour.md#revocation): a revoked ID token is refused within 5 s. */
const revocationDeadlineMs = 5000;

function captureLog() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
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

type Apps = ReturnType<typeof useTestApps>;

/**
 * Two apps as two servers: one DATA_DIR and database, one Redis under a prefix of their own, one
 * AUTH_SECRET (the test default), each its own memory. The second is started once the first
 * has migrated.
 */
async function twoServers(
  apps: Apps,
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<[TestApp, TestApp]> {
  const shared = { REDIS_URL: testRedisUrl, REDIS_PREFIX: uniqueRedisPrefix(), ...env };
  const a = await apps.start(kind, { env: shared });
  const database = a.config.database;
  const b = await apps.start(kind, {
    env: {
      ...shared,
      DATA_DIR: a.config.dataDir,
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
    },
  });
  return [a, b];
}

const listStatus = (t: TestApp, user: TestUser, remoteAddress = '127.0.0.1') =>
  t.app
    .inject({ method: 'GET', url: '/api/v1/locations', headers: user.auth, remoteAddress })
    .then((res) => res.statusCode);

const signOut = (t: TestApp, user: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-out',
    headers: { authorization: `Bearer ${user.sessionToken}` },
  });

describe.runIf(redisUp).each(databaseKinds)('two servers sharing Redis on $name', (kind) => {
  const apps = useTestApps();

  it('counts one client on both servers against one API budget', async () => {
    const [a, b] = await twoServers(apps, kind, { RATE_LIMIT_MAX: '4' });
    const user = await a.signUp();
    const list = (t: TestApp) => listStatus(t, user, '192.0.2.7');
    expect([await list(a), await list(a), await list(b), await list(b)]).toEqual([
      200, 200, 200, 200,
    ]);
    expect(await list(a)).toBe(429);
    expect(await list(b)).toBe(429);
  });

  it("counts the map tiles' own budget on both servers too", async () => {
    const [a, b] = await twoServers(apps, kind, { TILE_RATE_LIMIT_MAX: '4' });
    // One DATA_DIR: both serve this file.
    mkdirSync(a.config.tiles.dir, { recursive: true });
    writeMbtiles(
      path.join(a.config.tiles.dir, 'base.mbtiles'),
      [{ z: 0, x: 0, y: 0, data: await solidPng({ r: 0, g: 128, b: 0 }) }],
      { format: 'png' },
    );
    const tile = (t: TestApp) =>
      t.app
        .inject({ url: '/api/tiles/base/0/0/0', remoteAddress: '192.0.2.8' })
        .then((res) => res.statusCode);
    expect([await tile(a), await tile(b), await tile(a), await tile(b)]).toEqual([
      200, 200, 200, 200,
    ]);
    expect(await tile(a)).toBe(429);
    expect(await tile(b)).toBe(429);
  });

  it("counts better-auth's sign-in limit on both servers together", async () => {
    const [a, b] = await twoServers(apps, kind, { AUTH_RATE_LIMIT_MAX: '3' });
    const signIn = (t: TestApp, n: number) =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          // A different address each time: the per-address back-off stays out of it.
          payload: { email: `nobody-${n}@example.com`, password: 'wrong-password' },
        })
        .then((res) => res.statusCode);
    expect([await signIn(a, 1), await signIn(b, 2), await signIn(a, 3)]).toEqual([401, 401, 401]);
    expect(await signIn(b, 4)).toBe(429);
    expect(await signIn(a, 5)).toBe(429);
  });

  it('counts failed sign-ins for one address on both servers together', async () => {
    const [a, b] = await twoServers(apps, kind);
    const user = await a.signUp();
    const signIn = (t: TestApp, password: string) =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: user.email, password },
        })
        .then((res) => res.statusCode);
    // Five failures in a row start the back-off (README, Sessions and guessing); sent at once,
    // so the two servers change the same count at the same time.
    const failures = await Promise.all([a, b, a, b, a].map((t) => signIn(t, 'wrong-password')));
    expect(failures).toEqual([401, 401, 401, 401, 401]);
    expect(await signIn(b, user.password)).toBe(429);
    expect(await signIn(a, user.password)).toBe(429);
  });

  it('refuses on the other server, within 5 s, a token whose session ended on one', async () => {
    const [a, b] = await twoServers(apps, kind);
    const user = await a.signUp();
    expect(await listStatus(b, user)).toBe(200);
    expect((await signOut(a, user)).statusCode).toBe(200);
    expect(await listStatus(a, user)).toBe(401);
    expect(
      await within(revocationDeadlineMs, async () => (await listStatus(b, user)) === 401),
    ).toBe(true);
  });

  it("drops a deleted account's cached list on every server", async () => {
    const [a, b] = await twoServers(apps, kind);
    const user = await a.signUp();
    for (const t of [a, b]) {
      expect(await listStatus(t, user)).toBe(200);
      expect(t.app.listCache.holds(user.id)).toBe(true);
    }
    const deleted = await a.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: { authorization: `Bearer ${user.sessionToken}` },
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(a.app.listCache.holds(user.id)).toBe(false);
    expect(await within(revocationDeadlineMs, () => !b.app.listCache.holds(user.id))).toBe(true);
  });
});

describe.runIf(ownRedisRuns)('Redis going away', () => {
  const apps = useTestApps();
  const ownRedis: OwnRedis[] = [];

  /** A redis-server of this test's own; the test stops it, or the finally below does. */
  async function redisOn(port: number): Promise<OwnRedis> {
    const redis = await startOwnRedis(port);
    ownRedis.push(redis);
    return redis;
  }

  async function withOwnRedis(test: () => Promise<void>): Promise<void> {
    try {
      await test();
    } finally {
      await Promise.all(ownRedis.splice(0).map((redis) => redis.stop()));
    }
  }

  const appOn = (port: number, log?: ReturnType<typeof captureLog>, prefix = uniqueRedisPrefix()) =>
    apps.start(sqlite, {
      env: { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' },
      overrides: log ? { logStream: log.stream } : {},
    });

  const lines = (log: ReturnType<typeof captureLog>, text: string) =>
    log
      .text()
      .split('\n')
      .filter((line) => line.includes(text));

  it('still answers, logs the outage once, and says when Redis is back', () =>
    withOwnRedis(async () => {
      const port = await freePort();
      const redis = await redisOn(port);
      const log = captureLog();
      const t = await appOn(port, log);
      const user = await t.signUp();
      await redis.stop();
      // Reads, sign-ins and writes go on, however many reconnect attempts fail meanwhile.
      for (let i = 0; i < 5; i++) {
        expect(await listStatus(t, user)).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: user.password },
      });
      expect(signIn.statusCode).toBe(200);
      expect(lines(log, 'Redis is unreachable')).toHaveLength(1);

      await redisOn(port);
      expect(await within(10_000, () => lines(log, 'Redis is reachable again').length > 0)).toBe(
        true,
      );
      expect(lines(log, 'Redis is unreachable')).toHaveLength(1);
    }));

  it('starts without Redis, and shares revocations once Redis comes up', () =>
    withOwnRedis(async () => {
      const port = await freePort();
      const logs = [captureLog(), captureLog()];
      const prefix = uniqueRedisPrefix();
      const a = await appOn(port, logs[0], prefix);
      const b = await apps.start(sqlite, {
        env: {
          REDIS_URL: `redis://127.0.0.1:${port}`,
          REDIS_PREFIX: prefix,
          LOG_LEVEL: 'warn',
          DATA_DIR: a.config.dataDir,
        },
        overrides: { logStream: logs[1]?.stream },
      });
      const user = await a.signUp();
      await redisOn(port);
      const back = await within(10_000, () =>
        logs.every((log) => lines(log, 'Redis is reachable again').length > 0),
      );
      expect(back).toBe(true);
      expect(await listStatus(b, user)).toBe(200);
      expect((await signOut(a, user)).statusCode).toBe(200);
      expect(
        await within(revocationDeadlineMs, async () => (await listStatus(b, user)) === 401),
      ).toBe(true);
    }));

  it('starts when Redis cannot be reached, answers, and says so once', async () => {
    const log = captureLog();
    const t = await appOn(await freePort(), log);
    const user = await t.signUp();
    expect(await listStatus(t, user)).toBe(200);
    expect(lines(log, 'Redis is unreachable')).toHaveLength(1);
  });
});
