import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compiledOnce } from '../src/db/compiled-once.ts';
import { connectDatabase } from '../src/db/connect.ts';
import type { Db } from '../src/db/executor.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';

interface Spot {
  id: number;
  name: string;
  note: string | null;
  visits: number;
}

describe.each(databaseKinds)('queries compiled once on $name', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let dataDir: string;
  /** The handle, typed for this test's own table (the app's schema does not have it). */
  const spots = () => db as unknown as Kysely<{ spots: Spot }>;

  beforeAll(async () => {
    database = await kind.create();
    dataDir = mkdtempSync(path.join(tmpdir(), 'fj-compiled-'));
    const config = database.url
      ? ({ kind: 'postgres', url: database.url } as const)
      : ({ kind: 'sqlite', file: path.join(dataDir, 'test.db') } as const);
    db = (await connectDatabase(config)).db;
    await sql`create table spots (id integer primary key, name text not null, note text, visits integer not null)`.execute(
      db,
    );
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds once and runs each call with its own values, constants kept', async () => {
    const build = vi.fn((_db: unknown, row: Spot) =>
      spots()
        .insertInto('spots')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet({ visits: (eb) => eb('spots.visits', '+', 1) }),
        ),
    );
    const upsert = compiledOnce(build);
    await upsert(db, { id: 1, name: 'oak', note: null, visits: 1 });
    await upsert(db, { id: 2, name: 'birch', note: 'north', visits: 5 });
    const again = await upsert(db, { id: 1, name: 'ignored', note: null, visits: 9 });
    expect(Number(again.numAffectedRows)).toBe(1);
    expect(build).toHaveBeenCalledTimes(1);

    const byName = compiledOnce((_db: unknown, name: string) =>
      spots().selectFrom('spots').select(['id', 'note', 'visits']).where('name', '=', name),
    );
    expect((await byName(db, 'oak')).rows).toEqual([{ id: 1, note: null, visits: 2 }]);
    expect((await byName(db, 'birch')).rows).toEqual([{ id: 2, note: 'north', visits: 5 }]);
    expect((await byName(db, 'elm')).rows).toEqual([]);
  });

  it('builds afresh for a row with other members than the one compiled', async () => {
    const build = vi.fn((_db: unknown, row: Partial<Spot>) =>
      spots()
        .insertInto('spots')
        .values(row as Spot)
        .onConflict((conflict) => conflict.column('id').doNothing()),
    );
    const insert = compiledOnce(build);
    await insert(db, { id: 10, name: 'ash', note: 'by the brook', visits: 0 });
    // note left out (undefined): Kysely leaves the column out, and so must this call.
    await insert(db, { id: 11, name: 'yew', note: undefined, visits: 0 });
    expect(build).toHaveBeenCalledTimes(2);
    const rows = await spots()
      .selectFrom('spots')
      .select(['id', 'note'])
      .where('id', '>=', 10)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 10, note: 'by the brook' },
      { id: 11, note: null },
    ]);
  });
});
