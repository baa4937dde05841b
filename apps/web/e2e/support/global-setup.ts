import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath, type E2eContext } from './context.ts';
import { repoRoot, startServer, webDir } from './server.ts';

/**
 * Makes sure apps/web/dist and apps/server/dist are current (the builds `npm start` also uses,
 * each made only when it is missing or stale), starts the real server on a free port, and stops
 * it afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const artifactsDir = path.join(webDir, 'e2e-artifacts');
  if (!existsSync(chromiumPath)) {
    // CI (.ci/run) installs Chromium and sets CI_REQUIRE_SERVICES=1: a missing browser fails there.
    if (process.env.CI_REQUIRE_SERVICES === '1')
      throw new Error(`CI_REQUIRE_SERVICES=1, but Chromium is not at ${chromiumPath}`);
    console.log(`Chromium not found at ${chromiumPath}: skipping browser tests`);
    const skipped: E2eContext = {
      skip: true,
      baseUrl: '',
      dataDir: '',
      webDistDir: '',
      artifactsDir,
    };
    project.provide('e2e', skipped);
    return async () => {};
  }
  mkdirSync(artifactsDir, { recursive: true });
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-e2e-'));
  const webDistDir = path.join(webDir, 'dist');
  const dataDir = path.join(workDir, 'data');
  for (const [name, script] of [
    ['web', 'scripts/web-build.mjs'],
    ['server', 'scripts/server-build.mjs'],
  ] as const) {
    const build = spawnSync(process.execPath, [path.join(repoRoot, script)], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error(`The ${name} build failed (exit ${build.status})`);
  }
  const server = await startServer({
    dataDir,
    webDistDir,
    logFile: path.join(artifactsDir, 'server.log'),
  });
  const context: E2eContext = {
    skip: false,
    baseUrl: server.baseUrl,
    dataDir,
    webDistDir,
    artifactsDir,
  };
  project.provide('e2e', context);
  return async () => {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
