// Child processes for the bench: the real server as `npm start` runs it, and the references.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../test/helpers/child-server.ts';

export const serverDir = path.resolve(import.meta.dirname, '..');
export const repoRoot = path.resolve(serverDir, '..', '..');

export interface Started {
  child: ChildProcess;
  baseUrl: string;
  /** From spawn to the first 200 from /api/health (ms). */
  startMs: number;
  stop(): Promise<void>;
}

/**
 * The server's command line as `npm start` runs it: its build, with plain node. BENCH_SERVER_ENTRY
 * names another build to measure instead (an older commit's, for a before-and-after in the same
 * minutes; see bench/README.md).
 */
export const serverCommand: readonly string[] = [
  process.env.BENCH_SERVER_ENTRY ?? 'apps/server/dist/main.js',
];

/** Both builds up to date, as `npm start` makes them before it runs the server. */
export function ensureBuilds(): void {
  for (const script of ['scripts/web-build.mjs', 'scripts/server-build.mjs']) {
    const build = spawnSync(process.execPath, [script], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`${script} failed (exit ${build.status})`);
  }
}

/** Spawns `node <args>` with PORT set and polls /api/health every few milliseconds. */
export async function startUntilHealthy(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const start = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: baseUrl, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited:\n${errors}`);
    if (performance.now() - start > 60_000) {
      await stop();
      throw new Error(`${args.join(' ')}: no answer from /api/health within 60 s`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { child, baseUrl, startMs: performance.now() - start, stop };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
