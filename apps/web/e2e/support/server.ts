import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const webDir = path.resolve(import.meta.dirname, '..', '..');
export const repoRoot = path.resolve(webDir, '..', '..');
/** The server's build (scripts/server-build.mjs), which the global setup brings up to date. */
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

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

export interface StartedServer {
  child: ChildProcess;
  baseUrl: string;
  stop(): Promise<void>;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with ${child.exitCode}; see ${logFile}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer /api/health within 60 s; see ${logFile}`);
}

/**
 * The real server as `npm start` runs it (its build, with plain node), on its own port and data
 * folder.
 */
export async function startServer(options: {
  dataDir: string;
  webDistDir: string;
  logFile: string;
  /** Extra settings, e.g. CORS_ORIGINS for the native e2e's WebView-like origin. */
  env?: Record<string, string>;
  /** Leave PUBLIC_URL unset, as `npm start` does for a new self-hoster (default: set it). */
  defaultPublicUrl?: boolean;
  /** A port chosen beforehand (freePort()), for settings that name the server's own address. */
  port?: number;
}): Promise<StartedServer> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: options.dataDir,
    WEB_DIST_DIR: options.webDistDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_MAX: '1000',
    RATE_LIMIT_MAX: '10000',
    ...options.env,
  };
  if (options.defaultPublicUrl) delete env.PUBLIC_URL;
  // E2E_DATABASE_URL runs the suite on PostgreSQL; SQLite otherwise.
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(options.logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  try {
    await waitForHealth(baseUrl, child, options.logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, baseUrl, stop };
}
