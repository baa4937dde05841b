// GET /preferences with a valid ID token, on the real server, against plain node:http sending
// the very bytes the server sent (the target is at least 0.6 of the bare server).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recordAnswer, signUp } from './http.ts';
import type { Figure } from './measure.ts';
import { compareThroughput } from './load.ts';
import { ensureBuilds, serverCommand, startUntilHealthy } from './processes.ts';

export async function smallReadFigures(): Promise<Figure[]> {
  ensureBuilds();
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-bench-reads-'));
  // Everything as a self-hoster runs it (default LOG_LEVEL, the web build served), except the
  // general rate limit, which would refuse a load test within its first second.
  const server = await startUntilHealthy(serverCommand, {
    NODE_ENV: 'production',
    DATA_DIR: path.join(workDir, 'data'),
    RATE_LIMIT_MAX: '1000000000',
  });
  try {
    const { idToken } = await signUp(server.baseUrl);
    const headers = { authorization: `Bearer ${idToken}` };
    const url = `${server.baseUrl}/api/v1/preferences`;
    const answerFile = path.join(workDir, 'answer.json');
    writeFileSync(answerFile, JSON.stringify(await recordAnswer(url, { headers })));
    const bare = await startUntilHealthy(['apps/server/bench/bare-server.mjs', answerFile]);
    try {
      const { app, reference } = await compareThroughput(
        { url, headers },
        { url: `${bare.baseUrl}/api/v1/preferences`, headers },
      );
      if (app.failures || reference.failures)
        throw new Error(`failed answers: app ${app.failures}, bare ${reference.failures}`);
      return [
        {
          name: 'GET /preferences (real server, SQLite) vs bare node:http',
          value: app.requestsPerSecond / reference.requestsPerSecond,
          unit: 'ratio',
          target: 0.6,
          atLeast: true,
          reference: `${app.requestsPerSecond.toFixed(0)} vs ${reference.requestsPerSecond.toFixed(0)} req/s, p99 ${app.p99Ms} vs ${reference.p99Ms} ms, 10 connections`,
        },
      ];
    } finally {
      await bare.stop();
    }
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
