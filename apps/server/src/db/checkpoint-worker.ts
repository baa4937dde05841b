// The checkpoint worker (checkpoint-aside.ts starts it on a thread of its own): a connection of
// its own that checkpoints every `everyMs`. PASSIVE never waits for a lock, so the server's
// writes never wait for it either. Its database and two statements are made once and kept for the
// worker's life (sqlite-kept-objects.ts: one left to the collector can abort the process on
// Node 24); the worker's end frees them.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { keepUntilExit, runPragma } from './sqlite-kept-objects.ts';

/** What checkpoint-aside.ts hands the worker. */
export interface CheckpointWorkerData {
  file: string;
  everyMs: number;
}

const { file, everyMs } = workerData as CheckpointWorkerData;
const db = keepUntilExit(new Database(file, { fileMustExist: true }));
runPragma(db, 'synchronous = NORMAL');
const checkpoint = keepUntilExit(db.prepare('PRAGMA wal_checkpoint(PASSIVE)'));
const timer = setInterval(() => checkpoint.all(), everyMs);
// Any message means stop.
parentPort?.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
