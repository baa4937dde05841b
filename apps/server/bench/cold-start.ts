// Start to healthy of the real server, beside a bare Fastify hello-world started the same way.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Figure } from './measure.ts';
import { ensureBuilds, serverCommand, startUntilHealthy } from './processes.ts';

const runs = 5;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function coldStartFigures(): Promise<Figure[]> {
  ensureBuilds();
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-bench-start-'));
  const env = { NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  try {
    const startOnce = async (args: readonly string[], dataDir: string) => {
      const started = await startUntilHealthy(args, { ...env, DATA_DIR: dataDir });
      await started.stop();
      return started.startMs;
    };
    // The first start of a new DATA_DIR creates the database; every later one finds it.
    const firstStart = await startOnce(serverCommand, path.join(workDir, 'data'));
    const app: number[] = [];
    const hello: number[] = [];
    for (let i = 0; i < runs; i++) {
      app.push(await startOnce(serverCommand, path.join(workDir, 'data')));
      hello.push(await startOnce(['apps/server/bench/hello-fastify.mjs'], workDir));
    }
    const helloMs = median(hello);
    return [
      {
        name: 'start to healthy (SQLite, existing DATA_DIR) p50',
        value: median(app),
        unit: 'ms',
        target: 1000,
        reference: `bare Fastify hello-world ${helloMs.toFixed(0)} ms: ratio ${(median(app) / helloMs).toFixed(1)}, ${runs} runs each`,
      },
      {
        name: 'start to healthy (SQLite, new DATA_DIR)',
        value: firstStart,
        unit: 'ms',
        target: 1000,
      },
    ];
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
