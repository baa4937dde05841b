import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { inList } from '../src/db/query-fragments.ts';
import { keptForKysely, openKeptSqlite } from './helpers/kept-sqlite.ts';

describe('inList', () => {
  it('pads a list to the next power of two with its last value, and leaves the rest alone', () => {
    expect(inList([])).toEqual([]);
    expect(inList(['a'])).toEqual(['a']);
    expect(inList(['a', 'b'])).toEqual(['a', 'b']);
    expect(inList(['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'c']);
    expect(inList([1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4, 5, 5, 5, 5]);
  });

  const sqlite = openKeptSqlite();
  afterAll(() => sqlite.close());
  const db = new Kysely<{ spots: { id: number } }>({
    dialect: new SqliteDialect({ database: keptForKysely(sqlite) }),
  });

  it('gives lists of 1 to 300 values a handful of SQL texts, with the same rows as the list itself', async () => {
    await db.schema.createTable('spots').addColumn('id', 'integer').execute();
    await db
      .insertInto('spots')
      .values(Array.from({ length: 400 }, (_, id) => ({ id })))
      .execute();
    const texts = new Set<string>();
    for (let length = 1; length <= 300; length++) {
      const ids = Array.from({ length }, (_, index) => index * 3 - 7);
      const query = db.selectFrom('spots').select('id').where('id', 'in', inList(ids));
      texts.add(query.compile().sql);
      const rows = await query.orderBy('id').execute();
      expect(rows.map((row) => row.id)).toEqual(ids.filter((id) => id >= 0 && id < 400));
    }
    expect(texts.size).toBe(10);
  });
});
