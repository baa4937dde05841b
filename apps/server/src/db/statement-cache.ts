import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { keepUntilExit } from './sqlite-kept-objects.ts';

/** A better-sqlite3 statement: `readonly` is false when running it may write. */
type Statement = SqliteStatement & { readonly readonly: boolean };

/** What withStatementCache needs of a better-sqlite3 database. */
interface Preparer {
  close(): void;
  prepare(sql: string): Statement;
}

/**
 * Whether what a read sees may differ after this statement: a write, or the start or end of a
 * transaction or savepoint (a rollback undoes writes; neither returns rows).
 */
const mayChangeWhatReadsSee = (statement: Statement) => !statement.readonly || !statement.reader;

/**
 * The database as Kysely's SQLite dialect sees it, with each statement prepared once: Kysely asks
 * for `prepare(sql)` on every query, and preparing took an eighth of a create's time.
 * Our queries have parameters, so a few hundred texts cover them all (lists of ids are sent in
 * chunks of a fixed size), and none is ever dropped: a statement left to the garbage collector
 * can abort the process on Node 24 (sqlite-kept-objects.ts). Reusing a statement is safe because Kysely runs one query at a time on
 * the connection and never leaves a statement iterating; SQLite prepares a statement again by
 * itself when a migration has changed the schema under it.
 *
 * Every query passes here just before it runs, so `beforeChange` learns of every statement that
 * may change what a read sees (db/read-now.ts counts them).
 */
export function withStatementCache(
  database: Preparer,
  /** Called as a statement that may change what reads see is handed out (it runs right after). */
  beforeChange: () => void = () => {},
): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const known = statements.get(sql);
      if (known) {
        if (mayChangeWhatReadsSee(known)) beforeChange();
        return known;
      }
      const statement = keepUntilExit(database.prepare(sql));
      if (mayChangeWhatReadsSee(statement)) beforeChange();
      statements.set(sql, statement);
      return statement;
    },
  };
}
