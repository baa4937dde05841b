// A hung Redis (SIGSTOP on a redis-server of this test's own: its connections stay open and never
// answer) must not hang the servers sharing it (docs/deploy.md#redis): every request is answered
// within 1 s, the limits count per server, health says so, and once Redis answers again (SIGCONT)
// a sign-out made meanwhile holds on every server within 5 s and the counts are shared again.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freePort } from './helpers/child-server.ts';
import { sqlite } from './helpers/databases.ts';
import { startOwnRedis, uniqueRedisPrefix, type OwnRedis } from './helpers/redis.ts';
import type { TestApp, TestUser } from './helpers/test-app.ts';
import { useTestApps } from './helpers/use-test-app.ts';

const ownRedisRuns = spawnSync('redis-server', ['--version']).status === 0;
if (!ownRedisRuns) console.warn('redis-fault: skipped, no redis-server command');

/** docs/deploy.md#redis: no request waits on a hung Redis longer than this. */
const answerWithinMs = 1000;
/** docs/behaviour.md#revocation: a sign-out holds everywhere within 5 s of Redis answering. */
const convergeWithinMs = 5000;
const rateLimitMax = 6;
const authRateLimitMax = 3;

interface Timed<T> {
  value: T;
  ms: number;
}

/** The answer and how long it took; fails, without waiting further, past `limitMs`. */
async function timed<T>(
  what: string,
  work: Promise<T>,
  limitMs = answerWithinMs,
): Promise<Timed<T>> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${limitMs} ms`)), limitMs);
  });
  try {
    const value = await Promise.race([work, late]);
    return { value, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** Asks until the condition holds or the deadline passes; answers whether it held. */
async function within(ms: number, condition: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const listStatus = (t: TestApp, user: TestUser, remoteAddress: string) =>
  t.app
    .inject({ method: 'GET', url: '/api/v1/locations', headers: user.auth, remoteAddress })
    .then((res) => res.statusCode);

const health = (t: TestApp) =>
  t.app
    .inject({ method: 'GET', url: '/api/health' })
    .then((res) => ({ code: res.statusCode, ...res.json<{ status: string; redis?: string }>() }));

const signIn = (t: TestApp, user: Pick<TestUser, 'email' | 'password'>, remoteAddress: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
      remoteAddress,
    })
    .then((res) => res.statusCode);

const signOut = (t: TestApp, sessionToken: string, remoteAddress: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${sessionToken}` },
      remoteAddress,
    })
    .then((res) => res.statusCode);

describe.runIf(ownRedisRuns)('a hung Redis', () => {
  const apps = useTestApps();
  let redis: OwnRedis | undefined;

  async function twoServersOn(url: string): Promise<[TestApp, TestApp]> {
    const env = {
      REDIS_URL: url,
      REDIS_PREFIX: uniqueRedisPrefix(),
      RATE_LIMIT_MAX: String(rateLimitMax),
      // The three sign-ups below come from one address, the sign-ins from another.
      AUTH_RATE_LIMIT_MAX: String(authRateLimitMax),
    };
    const a = await apps.start(sqlite, { env });
    // One DATA_DIR, so one database, as two servers share theirs.
    const b = await apps.start(sqlite, { env: { ...env, DATA_DIR: a.config.dataDir } });
    return [a, b];
  }

  it('answers within 1 s, counts per server, and converges within 5 s of Redis answering', async () => {
    try {
      redis = await startOwnRedis(await freePort());
      const [a, b] = await twoServersOn(redis.url);
      const user = await a.signUp();
      const [early, leaving] = [await a.signUp(), await a.signUp()];
      for (const each of [early, leaving]) expect(await listStatus(b, each, '192.0.2.1')).toBe(200);
      for (const t of [a, b]) expect(await health(t)).toMatchObject({ code: 200, redis: 'ok' });

      redis.pause();
      // The rate-limited API, on both servers, each counting alone: the client's budget on a is
      // spent after rateLimitMax requests there.
      const hung: Timed<number>[] = [];
      for (let i = 0; i < rateLimitMax; i++) {
        hung.push(await timed('a rate-limited read', listStatus(a, user, '192.0.2.2')));
      }
      expect(hung.map((answer) => answer.value)).toEqual(Array(rateLimitMax).fill(200));
      const over = await timed('a read over budget', listStatus(a, user, '192.0.2.2'));
      expect(over.value).toBe(429);
      const onB = await timed('a read on the other server', listStatus(b, user, '192.0.2.2'));
      expect(onB.value).toBe(200);
      console.info(
        `redis-fault: rate-limited reads with Redis stopped took ${hung.map((answer) => answer.ms.toFixed(0)).join(', ')} ms`,
      );

      const signedIn = await timed('a sign-in', signIn(b, user, '192.0.2.3'));
      expect(signedIn.value).toBe(200);
      // better-auth's sign-in limit counts on b alone (unknown addresses: no per-address back-off).
      const stranger = (n: number) => ({ email: `nobody-${n}@example.com`, password: 'wrong' });
      const more = [];
      for (let n = 1; n <= authRateLimitMax; n++) {
        more.push((await timed('a sign-in', signIn(b, stranger(n), '192.0.2.3'))).value);
      }
      expect(more).toEqual([401, 401, 429]);
      const signedOut = await timed('a sign-out', signOut(a, early.sessionToken, '192.0.2.4'));
      expect(signedOut.value).toBe(200);
      console.info(
        `redis-fault: with Redis stopped a sign-in took ${signedIn.ms.toFixed(0)} ms, a sign-out ${signedOut.ms.toFixed(0)} ms`,
      );
      expect(await listStatus(a, early, '192.0.2.5')).toBe(401);
      // The other server reads the ended sessions from the database while Redis is degraded.
      expect(
        await within(3000, async () => (await listStatus(b, early, '192.0.2.5')) === 401),
      ).toBe(true);
      for (const t of [a, b]) {
        const answer = await timed('the health check', health(t));
        expect(answer.value).toMatchObject({ code: 200, status: 'degraded', redis: 'degraded' });
      }

      // Signed out last thing before Redis answers again: it must hold on b within 5 s of that.
      expect((await timed('a sign-out', signOut(a, leaving.sessionToken, '192.0.2.4'))).value).toBe(
        200,
      );
      redis.resume();
      const resumedAt = Date.now();
      const refusedOnB = await within(
        convergeWithinMs,
        async () => (await listStatus(b, leaving, '192.0.2.6')) === 401,
      );
      const healthyAgain = await within(convergeWithinMs - (Date.now() - resumedAt), async () => {
        const answers = await Promise.all([a, b].map(health));
        return answers.every((answer) => answer.redis === 'ok' && answer.status === 'ok');
      });
      expect({ refusedOnB, healthyAgain }).toEqual({ refusedOnB: true, healthyAgain: true });

      // One budget again: a client spreading its reads over both servers meets it once.
      const spread: number[] = [];
      for (let i = 0; i < rateLimitMax; i++) {
        spread.push(await listStatus(i % 2 === 0 ? a : b, user, '192.0.2.7'));
      }
      expect(spread).toEqual(Array(rateLimitMax).fill(200));
      expect([
        await listStatus(a, user, '192.0.2.7'),
        await listStatus(b, user, '192.0.2.7'),
      ]).toEqual([429, 429]);
    } finally {
      // SIGKILL ends a stopped process too; the apps' connections then fail rather than hang.
      await redis?.stop();
    }
  });
});
