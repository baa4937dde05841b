import { spawnSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/**
 * Vitest's global setup: makes the server's build (scripts/server-build.mjs, as `npm start`) once,
 * before any test file runs, when it is missing or older than its sources. Every test that starts
 * a server in a process of its own (helpers/child-server.ts) runs that build: a start from the
 * build takes a fraction of a start from the sources with tsx, and files running side by side
 * never rebuild dist/ under each other.
 */
export default function buildServer(): void {
  const build = spawnSync(process.execPath, ['scripts/server-build.mjs'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`the server build failed (exit ${build.status})`);
}
