// GET /preferences with a valid ID token, on the real server, against plain node:http sending
// the very bytes the server sent (issue 12: the goal is at least 0.6 of the bare server).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Figure } from './measure.ts';
import { compareThroughput } from './load.ts';
import { ensureBuilds, serverCommand, startUntilHealthy } from './processes.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

/** Headers node:http writes by itself (or that describe this connection, not the answer). */
const perConnection = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One real answer as bare-server.mjs replays it: status, headers (not per-connection), body. */
export function recordAnswer(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(response.headers))
          if (value !== undefined && !perConnection.has(name)) kept[name] = value;
        resolve({
          status: response.statusCode ?? 0,
          headers: kept,
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** A new user on the running server; answers its ID token. */
export async function signUp(baseUrl: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'chanterelle', name: 'bench' }),
  });
  const session = signUp.headers.get('set-auth-token');
  if (!signUp.ok || !session) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const token = await fetch(`${baseUrl}/api/auth/token`, {
    headers: { authorization: `Bearer ${session}` },
  });
  if (!token.ok) throw new Error(`token: ${token.status}`);
  return ((await token.json()) as { token: string }).token;
}

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
    const idToken = await signUp(server.baseUrl);
    const headers = { authorization: `Bearer ${idToken}` };
    const url = `${server.baseUrl}/api/v1/preferences`;
    const answerFile = path.join(workDir, 'answer.json');
    writeFileSync(answerFile, JSON.stringify(await recordAnswer(url, headers)));
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
