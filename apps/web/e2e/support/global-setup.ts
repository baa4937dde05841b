import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath, type E2eContext } from './context.ts';
import { buildWebApp, startServer, webDir } from './server.ts';

/** Builds the web app once, starts the real server on a free port, and stops it afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const artifactsDir = path.join(webDir, 'e2e-artifacts');
  if (!existsSync(chromiumPath)) {
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
  const webDistDir = path.join(workDir, 'dist');
  const dataDir = path.join(workDir, 'data');
  buildWebApp(webDistDir);
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
