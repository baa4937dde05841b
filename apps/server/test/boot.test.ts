import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from './helpers/child-server.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const distDir = path.join(repoRoot, 'apps/server/dist');
const codeCaches = () => readdirSync(distDir).filter((name) => name.endsWith('.cache'));

/** `node apps/server/dist/main.js` until it answers /api/health (and `whileUp` settles); then SIGKILL. */
async function startBuild(dataDir: string, whileUp?: () => Promise<void>): Promise<void> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (let tries = 0; ; tries++) {
      if (child.exitCode !== null) throw new Error(`the build exited:\n${errors}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) {
        await whileUp?.();
        return;
      }
      if (tries > 600) throw new Error(`no answer from the build:\n${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
}

describe('the build (dist/main.js)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fj-boot-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts from its bundle, leaves a code cache, and the next start takes it', async () => {
    const build = spawnSync(process.execPath, ['scripts/server-build.mjs'], { cwd: repoRoot });
    expect(build.status).toBe(0);
    for (const cache of codeCaches()) rmSync(path.join(distDir, cache));

    await startBuild(dataDir);
    const [cache] = codeCaches();
    expect(cache).toMatch(/^server\.cjs\.\d+-\d+\.cache$/);
    const written = statSync(path.join(distDir, cache ?? '')).mtimeMs;

    // A cache V8 rejected would be written again; this one is kept as it is.
    await startBuild(dataDir);
    expect(codeCaches()).toEqual([cache]);
    expect(statSync(path.join(distDir, cache ?? '')).mtimeMs).toBe(written);
  }, 120_000);

  it('replaces a cache V8 refuses, and still starts', async () => {
    await startBuild(dataDir);
    const [cache] = codeCaches();
    const file = path.join(distDir, cache ?? '');
    writeFileSync(file, 'not a code cache');
    await startBuild(dataDir);
    expect(codeCaches()).toEqual([cache]);
    expect(readFileSync(file).length).toBeGreaterThan(100_000);
  }, 120_000);

  it('checkpoints SQLite from the worker built beside the bundle (dist/checkpoint-worker.cjs)', async () => {
    const checkpointDir = mkdtempSync(path.join(tmpdir(), 'fj-boot-checkpoint-'));
    const file = path.join(checkpointDir, 'journal.db');
    // Some 600 pages of WAL: past the 2 MB at which the worker starts, below the 1,000 pages at
    // which the server's own connection would copy them. Kept open, so nothing copies them on close.
    const sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('wal_autocheckpoint = 0');
    sqlite.exec('create table filler (text text)');
    const insert = sqlite.prepare('insert into filler values (?)');
    sqlite.transaction(() => {
      for (let i = 0; i < 2200; i++) insert.run('x'.repeat(1000));
    })();
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(2 * 1024 * 1024);
    expect(statSync(file).size).toBeLessThan(100_000);
    try {
      // Only a checkpoint copies the WAL's pages into the database file.
      await startBuild(checkpointDir, () =>
        vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(2 * 1024 * 1024), {
          timeout: 10_000,
          interval: 100,
        }),
      );
    } finally {
      sqlite.close();
      rmSync(checkpointDir, { recursive: true, force: true });
    }
  }, 60_000);
});
