import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compiledOnce, compiledRows } from '../src/db/compiled-once.ts';
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
  afterEach(() => {
    vi.unstubAllEnvs();
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
    // Twice (two marker sets) to compile, never again.
    expect(build).toHaveBeenCalledTimes(2);

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
    // Compiled with two marker sets, then built afresh for the other row.
    expect(build).toHaveBeenCalledTimes(3);
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

  it('compiles a list of rows once per length, each call with its own rows', async () => {
    const build = vi.fn((_db: unknown, rows: Spot[]) => spots().insertInto('spots').values(rows));
    const insert = compiledRows(build);
    const spot = (id: number): Spot => ({ id, name: `elm ${id}`, note: null, visits: id });
    await insert(db, [spot(20)]);
    await insert(db, [spot(21), spot(22)]);
    await insert(db, [spot(23)]);
    await insert(db, [spot(24), spot(25)]);
    // Two marker sets for each length, never again.
    expect(build).toHaveBeenCalledTimes(4);
    const rows = await spots()
      .selectFrom('spots')
      .select(['id', 'visits'])
      .where('id', '>=', 20)
      .where('id', '<', 30)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([20, 21, 22, 23, 24, 25].map((id) => ({ id, visits: id })));
  });

  const seed = async () => {
    await spots()
      .insertInto('spots')
      .values([30, 31, 32].map((id) => ({ id, name: `pine ${id}`, note: null, visits: id })))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  };
  const byIdsBuild = () =>
    vi.fn((_db: unknown, ids: number[]) =>
      spots().selectFrom('spots').select('id').where('id', 'in', ids).orderBy('id'),
    );

  it('refuses, outside production, a query whose SQL an array argument shapes', async () => {
    await seed();
    const byIds = compiledOnce(byIdsBuild());
    // Compiled with one marker for the array, `in (?)` would have run every later list as one id.
    await expect(byIds(db, [30, 31])).rejects.toThrow(/compiledOnce: its SQL text depends/);
    await expect(byIds(db, [32])).rejects.toThrow(/compiledOnce/);
  });

  it('refuses a query that computes a parameter from an argument', async () => {
    const byName = compiledOnce((_db: unknown, name: string) =>
      spots().selectFrom('spots').select('id').where('name', '=', name.toUpperCase()),
    );
    await expect(byName(db, 'oak')).rejects.toThrow(/compiledOnce: parameter 1 is computed/);
  });

  it('in production, builds such a query afresh at each call, so it still answers right', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    await seed();
    const build = byIdsBuild();
    const byIds = compiledOnce(build);
    expect((await byIds(db, [30, 31])).rows).toEqual([{ id: 30 }, { id: 31 }]);
    expect((await byIds(db, [32])).rows).toEqual([{ id: 32 }]);
    expect((await byIds(db, [30, 31, 32])).rows).toEqual([{ id: 30 }, { id: 31 }, { id: 32 }]);
    // Two marker sets once, then one real build per call.
    expect(build).toHaveBeenCalledTimes(2 + 3);
  });
});
