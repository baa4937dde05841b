import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkpointAside } from '../src/db/checkpoint-aside.ts';
import { runPragma } from '../src/db/sqlite-kept-objects.ts';
import { openKeptSqlite } from './helpers/kept-sqlite.ts';

describe('WAL checkpoints off the event loop', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  const open = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fj-checkpoint-'));
    const file = path.join(dir, 'journal.db');
    const sqlite = openKeptSqlite(file);
    runPragma(sqlite, 'journal_mode = WAL');
    runPragma(sqlite, 'synchronous = NORMAL');
    sqlite.exec('create table spots (id integer primary key, notes text)');
    const stop = checkpointAside(sqlite, file, 20);
    cleanups.push(() => {
      stop();
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const insert = sqlite.prepare('insert into spots (notes) values (?)');
    const write = (rows: number) =>
      sqlite.transaction(() => {
        for (let i = 0; i < rows; i++) insert.run('x'.repeat(1000));
      })();
    /** Frames in the WAL now (a checkpoint reports them; it also copies them, so call it last). */
    const walFrames = () =>
      (runPragma(sqlite, 'wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log ?? -1;
    return { sqlite, write, walFrames };
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('leaves a connection that writes little to checkpoint by itself', async () => {
    const { sqlite, write } = open();
    write(100);
    await pause(700);
    expect(
      (runPragma(sqlite, 'wal_autocheckpoint')[0] as { wal_autocheckpoint: number })
        .wal_autocheckpoint,
    ).toBe(1000);
  });

  it('gives the checkpoints back to the connection when the worker fails', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fj-checkpoint-'));
    // A large WAL beside no database: the worker's connection cannot open, and the worker ends.
    const file = path.join(dir, 'gone.db');
    writeFileSync(`${file}-wal`, Buffer.alloc(3 * 1024 * 1024));
    const pragmas: string[] = [];
    const connection = {
      prepare: (sql: string) => ({
        reader: false,
        all: () => [],
        run: () => pragmas.push(sql.replace(/^PRAGMA /, '')),
      }),
    };
    const stop = checkpointAside(connection, file, 20);
    cleanups.push(() => {
      stop();
      rmSync(dir, { recursive: true, force: true });
    });
    await vi.waitFor(() => expect(pragmas).toContain('wal_autocheckpoint = 1000'), {
      timeout: 5000,
    });
    expect(pragmas).toEqual(['wal_autocheckpoint = 0', 'wal_autocheckpoint = 1000']);
  });

  it('once the WAL has grown, a worker checkpoints it, so the next write starts the WAL anew', async () => {
    const { sqlite, write, walFrames } = open();
    // Past 2 MB of WAL.
    for (let i = 0; i < 6; i++) write(500);
    await pause(700);
    expect(
      (runPragma(sqlite, 'wal_autocheckpoint')[0] as { wal_autocheckpoint: number })
        .wal_autocheckpoint,
    ).toBe(0);
    // The connection never checkpoints now (any threshold is passed by one large transaction,
    // which it would then copy as it commits): only the worker copies these 2,000 pages.
    for (let i = 0; i < 4; i++) write(500);
    // The worker copies everything while nothing writes; the next write then restarts the WAL.
    await pause(300);
    write(1);
    expect(walFrames()).toBeLessThan(10);
  });
});
