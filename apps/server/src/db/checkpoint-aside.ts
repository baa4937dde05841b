import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CheckpointWorkerData } from './checkpoint-worker.ts';
import { runPragma } from './sqlite-kept-objects.ts';

/** What checkpointAside needs of the server's better-sqlite3 connection. */
type Pragmas = Parameters<typeof runPragma>[0];

/** SQLite's own threshold (pages), which the server's connection keeps until the worker runs. */
const defaultAutoCheckpoint = 1000;
/**
 * While the worker runs, the server's connection never checkpoints by itself. SQLite checks its
 * threshold after each commit, so any threshold is passed by one large transaction (a restore of
 * 5,000 spots of 10 entries writes some 60 MB of WAL with its search index): the commit then
 * copied the whole WAL on the event loop (200 ms; 30 ms without that copy). A worker that ends
 * gives the checkpoints back (`defaultAutoCheckpoint`).
 */
const whileWorkerRuns = 0;
/** The worker starts once the WAL file has grown past this (about 500 pages; SQLite reuses the file, so it stays near 4 MB): a server that writes little never needs it. */
const startAtWalBytes = 2 * 1024 * 1024;

/**
 * The worker running checkpoint-worker.ts. The bundle (dist/server.cjs) has it built beside
 * itself (dist/checkpoint-worker.cjs, scripts/server-build.mjs). From sources (tests, `npm run
 * dev`) Node 20 cannot start a TypeScript worker, not even under `--import tsx`, which reaches the
 * main thread only: the worker registers tsx's require hook first, then loads the file.
 */
function startWorker(workerData: CheckpointWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./checkpoint-worker.cjs', import.meta.url), { workerData });
  const source = fileURLToPath(new URL('./checkpoint-worker.ts', import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const load = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`;
  return new Worker(load, { eval: true, workerData });
}

/**
 * Moves SQLite's WAL checkpoints off the event loop. A checkpoint copies the WAL's pages into the
 * database file and syncs both; run by the connection that committed (SQLite's default, every
 * 1,000 pages), it held every request for as long, and under a stream of creates it was a good
 * part of their commits. Here a worker thread (checkpoint-worker.ts) checkpoints every `everyMs`,
 * and the server's connection again only if the worker fails.
 * Answers stop(), for closing the database.
 */
export function checkpointAside(sqlite: Pragmas, file: string, everyMs = 200): () => void {
  let worker: Worker | undefined;
  let stopped = false;
  const start = () => {
    worker = startWorker({ file, everyMs });
    worker.unref();
    runPragma(sqlite, `wal_autocheckpoint = ${whileWorkerRuns}`);
    // A worker that fails leaves the checkpoints to the server's connection again (and an
    // 'error' without a listener would end the server).
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      if (!stopped) runPragma(sqlite, `wal_autocheckpoint = ${defaultAutoCheckpoint}`);
    });
  };
  const watch = setInterval(() => {
    const walBytes = statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    if (walBytes < startAtWalBytes) return;
    clearInterval(watch);
    start();
  }, 500);
  watch.unref();
  return () => {
    stopped = true;
    clearInterval(watch);
    worker?.postMessage('stop');
  };
}
