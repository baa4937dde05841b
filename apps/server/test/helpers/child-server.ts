import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ChildServer {
  child: ChildProcess;
  baseUrl: string;
  /** What the server wrote to stdout and stderr, for a failure message. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, nothing is flushed; resolves once the process is gone. */
  kill(): Promise<void>;
}

/**
 * The real server, in a process of its own, answering /api/health before this resolves: its build
 * (`node apps/server/dist/main.js`, as `npm start` runs it), which the suite's global setup made
 * from the current sources (helpers/global-build.ts). A start from the sources with tsx
 * (`build: false`, as `npm run dev`) compiles TypeScript first: seconds more on a busy machine.
 */
export async function startChildServer(options: {
  dataDir: string;
  port: number;
  databaseUrl?: string;
  /** The build (default), or the sources with tsx (false). */
  build?: boolean;
  /** The address clients reach it at (a balancer's); its own address unless set; null: unset. */
  publicUrl?: string | null;
  /** More settings, over the defaults below. */
  env?: Record<string, string>;
}): Promise<ChildServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    ...(options.publicUrl === null ? {} : { PUBLIC_URL: options.publicUrl ?? baseUrl }),
    DATA_DIR: options.dataDir,
    WEB_DIST_DIR: path.join(options.dataDir, 'no-web-build'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_MAX: '1000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const args =
    options.build === false
      ? ['--import', 'tsx', 'apps/server/src/main.ts']
      : ['apps/server/dist/main.js'];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`no answer from /api/health within 60 s:\n${output}`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { child, baseUrl, output: () => output, kill };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
