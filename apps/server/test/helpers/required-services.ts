import pg from 'pg';
import { redisAnswers, testRedisUrl } from './redis.ts';

/**
 * Vitest's global setup: with `CI_REQUIRE_SERVICES=1` (.ci/run sets it) a missing PostgreSQL or
 * Redis stops the run with its reason, instead of the tests that need them skipping themselves
 * with a warning nobody reads in a green CI. On a developer's machine it does nothing.
 */
export default async function requireServices(): Promise<void> {
  if (process.env.CI_REQUIRE_SERVICES !== '1') return;
  const missing = [
    ...(await postgresProblem()),
    ...((await redisAnswers()) ? [] : [`no Redis answers at ${testRedisUrl}`]),
  ];
  if (missing.length > 0) throw new Error(`CI_REQUIRE_SERVICES=1, but ${missing.join('; ')}`);
}

async function postgresProblem(): Promise<string[]> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return ['TEST_DATABASE_URL is unset'];
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return [];
  } catch (error) {
    return [`PostgreSQL at TEST_DATABASE_URL does not answer (${(error as Error).message})`];
  } finally {
    await client.end().catch(() => {});
  }
}
