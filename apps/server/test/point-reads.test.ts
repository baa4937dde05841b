import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../src/db/compiled-once.ts';
import { connectDatabase } from '../src/db/connect.ts';
import type { Db } from '../src/db/executor.ts';
import type { PointReads } from '../src/db/point-reads.ts';

interface Counter {
  user_id: string;
  revision: number;
}
type TestDb = Kysely<{ counters: Counter }>;

const counterOf = compiledOnce((db, userId: string) =>
  (db as unknown as TestDb)
    .selectFrom('counters')
    .select(['revision'])
    .where('user_id', '=', userId),
);

describe('point reads on SQLite', () => {
  let dataDir: string;
  let db: Db;
  let reads: PointReads;
  const counters = () => db as unknown as TestDb;
  const read = (userId: string) => reads.first(counterOf.compile(db, userId))?.revision;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fj-point-reads-'));
    const handle = await connectDatabase({
      kind: 'sqlite',
      file: path.join(dataDir, 'journal.db'),
    });
    db = handle.db;
    if (!handle.pointReads) throw new Error('SQLite gives point reads');
    reads = handle.pointReads;
    await sql`create table counters (user_id text primary key, revision integer not null)`.execute(
      db,
    );
  });
  afterAll(async () => {
    reads.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the committed row at once, and nothing for a missing one', async () => {
    expect(read('ada')).toBeUndefined();
    await counters().insertInto('counters').values({ user_id: 'ada', revision: 1 }).execute();
    expect(read('ada')).toBe(1);
    expect(read('bob')).toBeUndefined();
  });

  it("never sees a transaction's rows before it commits, and sees them right after", async () => {
    await counters().insertInto('counters').values({ user_id: 'cy', revision: 1 }).execute();
    let seenInside: number | undefined;
    await db.transaction().execute(async (trx) => {
      await (trx as unknown as TestDb)
        .updateTable('counters')
        .set({ revision: 2 })
        .where('user_id', '=', 'cy')
        .execute();
      seenInside = read('cy');
    });
    expect(seenInside).toBe(1);
    expect(read('cy')).toBe(2);
  });

  it('cannot write: its connection is read-only', () => {
    const insert = compiledOnce((handle, userId: string) =>
      (handle as unknown as TestDb)
        .insertInto('counters')
        .values({ user_id: userId, revision: 9 })
        .returning('revision'),
    );
    expect(() => reads.first(insert.compile(db, 'eve'))).toThrow(/readonly/i);
  });
});
