// Creates per second on the real server, 20 clients at once, each a user of its own with a valid
// ID token, on SQLite and (with TEST_DATABASE_URL) PostgreSQL. Beside each: plain node:http doing
// the same insert with the same driver, measured in the same minutes (targets: at least
// 2,000 creates a second on SQLite and 1,000 on PostgreSQL).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { databaseKinds, type DatabaseKind } from '../test/helpers/databases.ts';
import { recordAnswer, signUp } from './http.ts';
import { measureInTurns, type ConnectionRequest } from './load.ts';
import type { Figure } from './measure.ts';
import { ensureBuilds, serverCommand, startUntilHealthy } from './processes.ts';

const connections = 20;
/** Each user's entries go round this many of its locations, so no location grows without end. */
const spotsPerUser = 50;
const targets = { sqlite: 2000, postgres: 1000 };

const locationBody = JSON.stringify({
  name: 'Chanterelle slope',
  position: { lat: 56.1, lng: 12.3 },
  categories: ['mushrooms'],
  species: ['chanterelle'],
});
const entryBody = JSON.stringify({
  date: '2026-09-12',
  species: ['chanterelle'],
  abundance: 3,
  notes: 'by the mossy stump',
});

async function writesOn(kind: DatabaseKind): Promise<Figure[]> {
  const database = await kind.create();
  const referenceDatabase = await kind.create();
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-bench-writes-'));
  const dataDir = path.join(workDir, 'data');
  const server = await startUntilHealthy(serverCommand, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    // As a self-hoster runs it, except the limits that would refuse a load test at once.
    RATE_LIMIT_MAX: '1000000000',
    AUTH_RATE_LIMIT_MAX: '1000000',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  try {
    const users: { idToken: string; userId: string }[] = [];
    for (let i = 0; i < connections; i++) users.push(await signUp(server.baseUrl));
    const headersOf = (user: { idToken: string }) => ({
      authorization: `Bearer ${user.idToken}`,
      'content-type': 'application/json',
    });
    const createUrl = `${server.baseUrl}/api/v1/locations`;
    const createLocation = (user: { idToken: string }) =>
      recordAnswer(createUrl, { method: 'POST', headers: headersOf(user), body: locationBody });
    const spots = await Promise.all(
      users.map(async (user) => {
        const ids: string[] = [];
        for (let i = 0; i < spotsPerUser; i++) {
          const answer = await createLocation(user);
          if (answer.status !== 201) throw new Error(`POST /locations: ${answer.status}`);
          ids.push(
            (JSON.parse(Buffer.from(answer.body, 'base64').toString('utf8')) as { id: string }).id,
          );
        }
        return ids;
      }),
    );
    const firstUser = users[0];
    if (!firstUser) throw new Error('no user');
    const answerFile = path.join(workDir, 'answer.json');
    writeFileSync(answerFile, JSON.stringify(await createLocation(firstUser)));
    const bare = await startUntilHealthy(['apps/server/bench/bare-writes.mjs', answerFile], {
      ...(referenceDatabase.url
        ? { DATABASE_URL: referenceDatabase.url }
        : { SQLITE_FILE: path.join(workDir, 'reference.db') }),
    });
    try {
      const post = (user: { idToken: string }, path: string, body: string): ConnectionRequest => ({
        method: 'POST',
        path,
        headers: headersOf(user),
        body,
      });
      const userOf = (connection: number) => users[connection % users.length] ?? firstUser;
      const measured = await measureInTurns(
        {
          locations: {
            url: server.baseUrl,
            perConnection: (connection) => [
              post(userOf(connection), '/api/v1/locations', locationBody),
            ],
          },
          entries: {
            url: server.baseUrl,
            perConnection: (connection) =>
              (spots[connection % spots.length] ?? []).map((id) =>
                post(userOf(connection), `/api/v1/locations/${id}/entries`, entryBody),
              ),
          },
          reference: {
            url: bare.baseUrl,
            perConnection: (connection) => [
              post(userOf(connection), '/api/v1/locations', locationBody),
            ],
          },
        },
        { connections },
      );
      for (const [name, run] of Object.entries(measured))
        if (run.failures)
          throw new Error(`${name}: ${run.failures} failed answers ${JSON.stringify(run.failed)}`);
      const reference = measured.reference;
      const figure = (what: string, run: typeof reference): Figure => ({
        name: `${what} (${kind.name}, ${connections} users)`,
        value: run.requestsPerSecond,
        unit: '/s',
        target: targets[kind.name],
        atLeast: true,
        reference: `bare node:http + one insert ${reference.requestsPerSecond.toFixed(0)}/s: ratio ${(run.requestsPerSecond / reference.requestsPerSecond).toFixed(2)}; p99 ${run.p99Ms} vs ${reference.p99Ms} ms`,
      });
      return [
        figure('POST /locations', measured.locations),
        figure('POST /locations/:id/entries', measured.entries),
      ];
    } finally {
      await bare.stop();
    }
  } finally {
    await server.stop();
    await database.drop();
    await referenceDatabase.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

export async function writeFigures(): Promise<Figure[]> {
  ensureBuilds();
  const figures: Figure[] = [];
  for (const kind of databaseKinds) figures.push(...(await writesOn(kind)));
  return figures;
}
