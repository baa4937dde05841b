// GET /api/v1/locations for a user with 200 locations × 10 entries on the real server, against
// plain node:http sending the very same bytes, and its 304 (If-None-Match) against a bare
// server's empty 304 (targets: 0.6 and 0.8 of the bare server).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Figure } from './measure.ts';
import { compareThroughput, type StatusClass } from './load.ts';
import { ensureBuilds, serverCommand, startUntilHealthy } from './processes.ts';
import { recordAnswer, signUp } from './http.ts';
import { fillJournal } from './seed-journal.ts';

const locations = 200;
const entriesEach = 10;

/** The app's answer against a bare server replaying it, as a throughput ratio. */
async function ratioAgainstBare(
  workDir: string,
  url: string,
  headers: Record<string, string>,
  expected: StatusClass,
): Promise<{ ratio: number; note: string; bytes: number }> {
  const answer = await recordAnswer(url, { headers });
  const answerFile = path.join(workDir, `answer-${answer.status}.json`);
  writeFileSync(answerFile, JSON.stringify(answer));
  const bare = await startUntilHealthy(['apps/server/bench/bare-server.mjs', answerFile]);
  try {
    const { app, reference } = await compareThroughput(
      { url, headers },
      { url: `${bare.baseUrl}${new URL(url).pathname}`, headers },
      { expected },
    );
    if (app.failures || reference.failures)
      throw new Error(`unexpected answers: app ${app.failures}, bare ${reference.failures}`);
    return {
      ratio: app.requestsPerSecond / reference.requestsPerSecond,
      note: `${app.requestsPerSecond.toFixed(0)} vs ${reference.requestsPerSecond.toFixed(0)} req/s, p99 ${app.p99Ms} vs ${reference.p99Ms} ms, 10 connections`,
      bytes: Buffer.from(answer.body, 'base64').length,
    };
  } finally {
    await bare.stop();
  }
}

export async function listReadFigures(): Promise<Figure[]> {
  ensureBuilds();
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-bench-list-'));
  // As a self-hoster runs it, except the general rate limit, which would refuse the load.
  const server = await startUntilHealthy(serverCommand, {
    NODE_ENV: 'production',
    DATA_DIR: path.join(workDir, 'data'),
    RATE_LIMIT_MAX: '1000000000',
  });
  try {
    const headers = { authorization: `Bearer ${(await signUp(server.baseUrl)).idToken}` };
    await fillJournal(server.baseUrl, headers, { spots: locations, entriesEach });
    const url = `${server.baseUrl}/api/v1/locations`;
    const full = await ratioAgainstBare(workDir, url, headers, '2xx');
    const figures: Figure[] = [
      {
        name: `GET /locations, ${locations} × ${entriesEach} (SQLite) vs bare node:http`,
        value: full.ratio,
        unit: 'ratio',
        target: 0.6,
        atLeast: true,
        reference: `${full.note}, ${(full.bytes / 1000).toFixed(0)} kB`,
      },
    ];
    const etag = (await fetch(url, { headers })).headers.get('etag');
    if (etag) {
      const notModified = await ratioAgainstBare(
        workDir,
        url,
        { ...headers, 'if-none-match': etag },
        '3xx',
      );
      figures.push({
        name: 'GET /locations 304 (If-None-Match) vs a bare 304',
        value: notModified.ratio,
        unit: 'ratio',
        target: 0.8,
        atLeast: true,
        reference: notModified.note,
      });
    } else {
      console.log('GET /locations sends no ETag here: no 304 to measure');
    }
    return figures;
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
