import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db, DbTransaction } from '../src/db/executor.ts';
import { groupCommit } from '../src/db/group-commit.ts';
import { keptForKysely, openKeptSqlite } from './helpers/kept-sqlite.ts';

describe('group commit of SQLite writes', () => {
  const opened: Kysely<unknown>[] = [];
  const open = () => {
    const sqlite = openKeptSqlite();
    sqlite.exec('create table spots (id integer primary key, name text not null unique)');
    const db = new Kysely<unknown>({
      dialect: new SqliteDialect({ database: keptForKysely(sqlite) }),
    });
    opened.push(db);
    const statements = vi.spyOn(sqlite, 'prepare');
    return { db: db as unknown as Db, statements };
  };
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.destroy();
  });

  const insert = (trx: DbTransaction, name: string) =>
    sql`insert into spots (name) values (${name})`.execute(trx);
  const names = async (db: Db) =>
    (await sql<{ name: string }>`select name from spots order by id`.execute(db)).rows.map(
      (row) => row.name,
    );
  const commits = (statements: { mock: { calls: unknown[][] } }) =>
    statements.mock.calls.filter(([text]) => text === 'commit').length;

  it('commits writes that arrive together once, each answering its own result or error', async () => {
    const { db, statements } = open();
    const writes = groupCommit(db, 'sqlite');
    const answers = await Promise.allSettled([
      writes(async (trx) => {
        await insert(trx, 'oak');
        return 'first';
      }),
      // Half of it written, then it fails: the half goes too, and only its caller hears of it.
      writes(async (trx) => {
        await insert(trx, 'birch');
        await insert(trx, 'oak');
        return 'never';
      }),
      writes(async (trx) => {
        await insert(trx, 'pine');
        return 'third';
      }),
    ]);
    expect(answers[0]).toEqual({ status: 'fulfilled', value: 'first' });
    expect(answers[1]?.status).toBe('rejected');
    expect(String((answers[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(answers[2]).toEqual({ status: 'fulfilled', value: 'third' });
    expect(await names(db)).toEqual(['oak', 'pine']);
    expect(commits(statements)).toBe(1);
  });

  it('answers nobody before the commit, and every write of a batch whose commit fails fails', async () => {
    const { db } = open();
    const writes = groupCommit(db, 'sqlite');
    const heard: string[] = [];
    // Deferred: the commit itself fails, at the end of the batch.
    await sql`create table refs (spot text references spots (name) deferrable initially deferred)`.execute(
      db,
    );
    await sql`pragma foreign_keys = on`.execute(db);
    const answers = await Promise.allSettled([
      writes(async (trx) => {
        await insert(trx, 'oak');
        heard.push('oak written');
      }),
      writes(async (trx) => {
        await sql`insert into refs (spot) values ('nowhere')`.execute(trx);
      }),
    ]);
    expect(heard).toEqual(['oak written']);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect(await names(db)).toEqual([]);
  });

  it('runs writes that arrive later in a batch of their own', async () => {
    const { db, statements } = open();
    const writes = groupCommit(db, 'sqlite');
    await writes((trx) => insert(trx, 'oak'));
    await writes((trx) => insert(trx, 'birch'));
    expect(await names(db)).toEqual(['oak', 'birch']);
    expect(commits(statements)).toBe(2);
  });
});
