import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export interface Script {
  path: string;
  /** Uncompressed, as the page ran it. */
  bytes: number;
  /** As it came over the wire (brotli or gzip when the server sent it so). */
  sentBytes: number;
}

export interface ScriptRecorder {
  /** Every script the page has downloaded so far, once their bodies have been read. */
  settled(): Promise<Script[]>;
}

/** Records every script the page downloads from the server, with its size, from now on. */
export function recordScripts(page: Page): ScriptRecorder {
  const reads: Promise<Script | null>[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith('.js')) return;
    reads.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const [body, sizes] = await Promise.all([response.body(), request.sizes()]);
        return { path: url.pathname, bytes: body.length, sentBytes: sizes.responseBodySize };
      })().catch(() => null),
    );
  });
  return {
    settled: async () =>
      (await Promise.all(reads)).filter((script): script is Script => script !== null),
  };
}

/**
 * A built script's gzip size: its .gz beside it in the build (apps/web/vite.config.ts makes one
 * for every script), which is what a browser that takes gzip but not brotli downloads.
 */
export function gzipBytes(webDistDir: string, script: Script): number {
  const file = path.join(webDistDir, script.path.replace(/^\//, '') + '.gz');
  if (!existsSync(file)) throw new Error(`${script.path} has no .gz in ${webDistDir}`);
  return statSync(file).size;
}
