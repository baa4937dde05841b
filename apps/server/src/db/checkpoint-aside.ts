import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { runPragma } from './sqlite-kept-objects.ts';

/** What checkpointAside needs of the server's better-sqlite3 connection. */
type Pragmas = Parameters<typeof runPragma>[0];

/** SQLite's own threshold (pages), which the server's connection keeps until the worker runs. */
const defaultAutoCheckpoint = 1000;
/** The server's connection checkpoints by itself only past this, should the worker fall behind. */
const fallbackAutoCheckpoint = 10_000;
/** The worker starts once the WAL file has grown past this (about 500 pages; SQLite reuses the file, so it stays near 4 MB): a server that writes little never needs it. */
const startAtWalBytes = 2 * 1024 * 1024;

// Plain CommonJS run by the worker: a connection of its own that checkpoints every `everyMs`.
// PASSIVE never waits for a lock, so the server's writes never wait for it either. Its two
// statements are prepared once and live as long as the worker (sqlite-kept-objects.ts: one
// left to the collector can abort the process on Node 24); the worker's end frees them.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const synchronous = db.prepare('PRAGMA synchronous = NORMAL');
synchronous.run();
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => checkpoint.all(), workerData.everyMs);
parentPort.once('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

/**
 * Moves SQLite's WAL checkpoints off the event loop. A checkpoint copies the WAL's pages into the
 * database file and syncs both; run by the connection that committed (SQLite's default, every
 * 1,000 pages), it held every request for as long, and under a stream of creates it was a good
 * part of their commits. Here a worker thread with a connection of its own checkpoints
 * every `everyMs`, and the server's connection only past 10,000 pages (should the worker fall
 * behind or fail). Answers stop(), for closing the database.
 */
export function checkpointAside(sqlite: Pragmas, file: string, everyMs = 200): () => void {
  let worker: Worker | undefined;
  let stopped = false;
  const start = () => {
    worker = new Worker(workerSource, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        everyMs,
      },
    });
    worker.unref();
    runPragma(sqlite, `wal_autocheckpoint = ${fallbackAutoCheckpoint}`);
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
