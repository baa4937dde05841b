import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from '../src/db/statement-cache.ts';
import { openKeptSqlite } from './helpers/kept-sqlite.ts';

describe('the SQLite statement cache', () => {
  const opened: Database.Database[] = [];
  const open = () => {
    const sqlite = openKeptSqlite();
    opened.push(sqlite);
    sqlite.exec('create table spots (id integer primary key, name text)');
    const prepare = vi.spyOn(sqlite, 'prepare');
    return { sqlite, prepare };
  };
  afterEach(() => {
    for (const sqlite of opened.splice(0)) sqlite.close();
  });

  it('prepares each text once and runs it again with other parameters', () => {
    const { sqlite, prepare } = open();
    const db = withStatementCache(sqlite);
    const insert = 'insert into spots (name) values (?)';
    db.prepare(insert).run(['oak']);
    db.prepare(insert).run(['birch']);
    const names = db.prepare('select name from spots order by id').all([]);
    expect(names).toEqual([{ name: 'oak' }, { name: 'birch' }]);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('drops no statement, however many texts it has seen (none is left to the collector)', () => {
    const { sqlite, prepare } = open();
    const db = withStatementCache(sqlite);
    const texts = Array.from({ length: 600 }, (_, index) => `select ${index} as n`);
    const first = texts.map((text) => db.prepare(text));
    const again = texts.map((text) => db.prepare(text));
    expect(prepare).toHaveBeenCalledTimes(600);
    expect(again.every((statement, index) => statement === first[index])).toBe(true);
  });

  it('sees a column a migration added after the statement was prepared', () => {
    const { sqlite } = open();
    const db = withStatementCache(sqlite);
    const select = 'select * from spots';
    db.prepare('insert into spots (name) values (?)').run(['oak']);
    expect(db.prepare(select).all([])).toEqual([{ id: 1, name: 'oak' }]);
    sqlite.exec('alter table spots add column favorite integer not null default 0');
    expect(db.prepare(select).all([])).toEqual([{ id: 1, name: 'oak', favorite: 0 }]);
  });

  it('reports every statement that may change what reads see, cached or not, and no plain read', () => {
    const { sqlite } = open();
    const changes: string[] = [];
    const db = withStatementCache(sqlite, () => changes.push('change'));
    const run = (sql: string) => {
      const statement = db.prepare(sql);
      changes.push(sql);
      return statement.reader ? statement.all([]) : statement.run([]);
    };
    run('select name from spots');
    run('begin');
    run("insert into spots (name) values ('oak') returning id");
    run('rollback');
    run('select name from spots');
    run("insert into spots (name) values ('oak') returning id");
    expect(changes).toEqual([
      'select name from spots',
      'change',
      'begin',
      'change',
      "insert into spots (name) values ('oak') returning id",
      'change',
      'rollback',
      'select name from spots',
      'change',
      "insert into spots (name) values ('oak') returning id",
    ]);
  });
});
