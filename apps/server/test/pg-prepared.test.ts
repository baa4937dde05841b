import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { planEachRun, withPreparedStatements } from '../src/db/pg-prepared.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';

const postgres = databaseKinds.find((kind) => kind.name === 'postgres');

// PostgreSQL only: it runs when TEST_DATABASE_URL is set (CI sets it).
describe.skipIf(!postgres)('prepared statements on PostgreSQL', () => {
  const kind = postgres ?? {
    name: 'postgres',
    create: () => Promise.reject(new Error('no PostgreSQL')),
  };
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** One connection, so the statements it prepared are all in its pg_prepared_statements. */
  async function open(size?: number) {
    const database: TestDatabase = await kind.create();
    cleanups.push(() => database.drop());
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const db = new Kysely<{ spots: { id: number; name: string } }>({
      dialect: new PostgresDialect({ pool: withPreparedStatements(pool, size) }),
    });
    cleanups.push(() => db.destroy());
    await db.schema
      .createTable('spots')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text')
      .execute();
    const prepared = async () =>
      (
        await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)
      ).rows.map((row) => row.statement);
    return { db, prepared };
  }

  it('prepares a query with parameters once and runs it again with others', async () => {
    const { db, prepared } = await open();
    for (const [id, name] of [
      [1, 'oak'],
      [2, 'birch'],
    ] as const)
      await db.insertInto('spots').values({ id, name }).execute();
    const insert = db.insertInto('spots').values({ id: 0, name: '' }).compile().sql;
    expect(await prepared()).toEqual([insert]);
    const rows = await db.selectFrom('spots').select('name').orderBy('id').execute();
    expect(rows).toEqual([{ name: 'oak' }, { name: 'birch' }]);
  });

  it('runs transactions, and texts without parameters as they are, several statements in one', async () => {
    const { db, prepared } = await open();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('spots').values({ id: 1, name: 'oak' }).execute();
      await sql`update spots set name = 'elm'; update spots set name = name || '!'`.execute(trx);
    });
    expect(await db.selectFrom('spots').select('name').execute()).toEqual([{ name: 'elm!' }]);
    expect(await prepared()).toHaveLength(1);
  });

  it('names no more than its size of texts; later ones still run', async () => {
    const { db, prepared } = await open(2);
    await db.selectFrom('spots').select('id').where('id', '=', 1).execute();
    await db.selectFrom('spots').select('name').where('id', '=', 1).execute();
    await db.insertInto('spots').values({ id: 3, name: 'ash' }).execute();
    expect(await prepared()).toHaveLength(2);
    expect(await db.selectFrom('spots').select('name').where('id', '=', 3).execute()).toEqual([
      { name: 'ash' },
    ]);
  });

  it('prepares no text that begins with planEachRun', async () => {
    const { db, prepared } = await open();
    await db.insertInto('spots').values({ id: 1, name: 'oak' }).execute();
    const read = () =>
      sql<{ name: string }>`${sql.raw(planEachRun)}select name from spots
      where id = ${1}`.execute(db);
    await read();
    expect((await read()).rows).toEqual([{ name: 'oak' }]);
    expect(await prepared()).toHaveLength(1);
  });
});
