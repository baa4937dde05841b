import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { e2e } from './browser.ts';
import { startServer, type StartedServer } from './server.ts';

/**
 * A server of its own for the describe block it is called in, whose DATA_DIR/tiles holds what
 * `write` puts there (tile files the test draws itself, ./tile-files.ts). Returns a getter:
 * the server exists only once `beforeAll` has run.
 */
export function useServerWithTiles(
  label: string,
  write: (tilesDir: string) => void | Promise<void>,
): () => StartedServer {
  const started: { server?: StartedServer; workDir?: string } = {};
  beforeAll(async () => {
    started.workDir = mkdtempSync(path.join(tmpdir(), `fj-${label}-`));
    const tilesDir = path.join(started.workDir, 'data', 'tiles');
    mkdirSync(tilesDir, { recursive: true });
    await write(tilesDir);
    started.server = await startServer({
      dataDir: path.join(started.workDir, 'data'),
      webDistDir: e2e.webDistDir,
      logFile: path.join(e2e.artifactsDir, `${label}-server.log`),
    });
  });
  afterAll(async () => {
    await started.server?.stop();
    if (started.workDir) rmSync(started.workDir, { recursive: true, force: true });
  });
  return () => {
    if (!started.server) throw new Error('the server is used outside its describe block');
    return started.server;
  };
}
