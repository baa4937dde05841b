// The real server for the web bench, as `npm start` runs it, with no map host on the internet.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, startServer, webDir } from '../e2e/support/server.ts';

export interface BenchServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Both builds up to date, as `npm start` makes them before it runs the server. */
export function ensureBuilds(): void {
  for (const script of ['scripts/web-build.mjs', 'scripts/server-build.mjs']) {
    const build = spawnSync(process.execPath, [script], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`${script} failed (exit ${build.status})`);
  }
}

/**
 * The web build as the server serves it, plus `bench-style.json`: a streets style with nothing
 * but the plain background (as `plainStyle()` in features/map/map-styles.ts), so the map works
 * as it does with a real style server, without the internet. The build's files are linked, not
 * copied.
 */
function distWithBlankStyle(workDir: string, built: string): string {
  const served = path.join(workDir, 'web');
  mkdirSync(served);
  for (const name of readdirSync(built))
    symlinkSync(path.join(built, name), path.join(served, name));
  writeFileSync(
    path.join(served, 'bench-style.json'),
    JSON.stringify({
      version: 8,
      sources: {},
      layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#e8eadf' } }],
    }),
  );
  return served;
}

/**
 * The server on a fresh SQLite DATA_DIR (or `dataDir`, kept after it stops), its map style
 * served by itself; `dist` is the web build (apps/web/dist unless another is given, as the labs
 * compare builds).
 */
export async function startBenchServer(
  label: string,
  dist = path.join(webDir, 'dist'),
  dataDir?: string,
): Promise<BenchServer> {
  const workDir = mkdtempSync(path.join(tmpdir(), `fj-web-bench-${label}-`));
  const port = await freePort();
  const server = await startServer({
    port,
    dataDir: dataDir ?? path.join(workDir, 'data'),
    webDistDir: distWithBlankStyle(workDir, dist),
    logFile: path.join(workDir, 'server.log'),
    env: {
      LOG_LEVEL: 'warn',
      // Seeding 10,000 spots is far more than a person's requests a minute.
      RATE_LIMIT_MAX: '1000000000',
      MAP_STYLE_URL: `http://127.0.0.1:${port}/bench-style.json`,
    },
  });
  return {
    baseUrl: server.baseUrl,
    async stop() {
      await server.stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
