// GET /api/v1/locations through a round-robin balancer in front of two servers, against the
// same balancer in front of one of them, in turns in the same run. The servers share
// PostgreSQL and, when it answers, Redis (the rate limit then counts there), as docs/deploy.md
// sets them up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { databaseKinds } from '../test/helpers/databases.ts';
import { redisAnswers, testRedisUrl, uniqueRedisPrefix } from '../test/helpers/redis.ts';
import { idTokenOf } from './http.ts';
import { fillJournal } from './seed-journal.ts';
import { measureInTurns } from './load.ts';
import type { Figure } from './measure.ts';
import { ensureBuilds, serverCommand, startUntilHealthy, type Started } from './processes.ts';

const size = { locations: 50, entriesEach: 4 };
/** Both servers issue and accept tokens for this address, whichever of them is asked. */
const publicUrl = 'http://journal.bench.invalid';

async function signUpThrough(baseUrl: string): Promise<string> {
  const email = `balanced-${Date.now()}@example.com`;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: publicUrl },
    body: JSON.stringify({ email, password: 'chanterelle', name: 'bench' }),
  });
  return idTokenOf(baseUrl, signUp);
}

export async function balancedReadFigures(): Promise<Figure[]> {
  const postgres = databaseKinds.find((kind) => kind.name === 'postgres');
  if (!postgres) {
    console.log('balanced-reads: skipped, set TEST_DATABASE_URL (two servers share PostgreSQL)');
    return [];
  }
  ensureBuilds();
  const redis = (await redisAnswers()) ? testRedisUrl : undefined;
  const database = await postgres.create();
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-bench-balanced-'));
  const started: Started[] = [];
  const redisPrefix = uniqueRedisPrefix();
  try {
    const env = (name: string) => ({
      NODE_ENV: 'production',
      DATA_DIR: path.join(workDir, name),
      DATABASE_URL: database.url,
      PUBLIC_URL: publicUrl,
      AUTH_SECRET: 'bench-servers-share-this-secret-0123456789',
      RATE_LIMIT_MAX: '1000000000',
      ...(redis ? { REDIS_URL: redis, REDIS_PREFIX: redisPrefix } : {}),
    });
    const first = await startUntilHealthy(serverCommand, env('a'));
    started.push(first);
    const second = await startUntilHealthy(serverCommand, env('b'));
    started.push(second);
    const balancer = (backends: Started[]) =>
      startUntilHealthy([
        '--import',
        'tsx',
        'apps/server/bench/balancer-process.ts',
        ...backends.map((b) => b.baseUrl),
      ]);
    const toOne = await balancer([first]);
    started.push(toOne);
    const toTwo = await balancer([first, second]);
    started.push(toTwo);

    const headers = { authorization: `Bearer ${await signUpThrough(toTwo.baseUrl)}` };
    await fillJournal(toTwo.baseUrl, headers, {
      spots: size.locations,
      entriesEach: size.entriesEach,
    });
    const listPath = '/api/v1/locations';
    const { direct, one, two } = await measureInTurns(
      {
        direct: { url: `${first.baseUrl}${listPath}`, headers },
        one: { url: `${toOne.baseUrl}${listPath}`, headers },
        two: { url: `${toTwo.baseUrl}${listPath}`, headers },
      },
      { connections: 20 },
    );
    if (direct.failures || one.failures || two.failures)
      throw new Error(
        `unexpected answers: one ${JSON.stringify(one.failed)}, two ${JSON.stringify(two.failed)}`,
      );
    return [
      {
        name: `GET /locations, ${size.locations} × ${size.entriesEach}: 2 servers vs 1 behind a balancer`,
        value: two.requestsPerSecond / one.requestsPerSecond,
        unit: 'ratio',
        target: 1,
        atLeast: true,
        reference: `${two.requestsPerSecond.toFixed(0)} vs ${one.requestsPerSecond.toFixed(0)} req/s, p99 ${two.p99Ms} vs ${one.p99Ms} ms, 20 connections, PostgreSQL${redis ? ' and Redis' : ', no Redis'}`,
      },
      {
        // What the balancer's hop costs: the same server without it.
        name: 'GET /locations: 1 server behind the balancer vs without',
        value: one.requestsPerSecond / direct.requestsPerSecond,
        unit: 'ratio',
        target: 0.8,
        atLeast: true,
        reference: `${one.requestsPerSecond.toFixed(0)} vs ${direct.requestsPerSecond.toFixed(0)} req/s, p99 ${one.p99Ms} vs ${direct.p99Ms} ms`,
      },
    ];
  } finally {
    await Promise.all(started.map((each) => each.stop()));
    await database.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
