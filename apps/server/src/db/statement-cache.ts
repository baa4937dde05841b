import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** What withStatementCache needs of a better-sqlite3 database. */
interface Preparer {
  close(): void;
  prepare(sql: string): SqliteStatement;
}

/**
 * The database as Kysely's SQLite dialect sees it, with each statement prepared once: Kysely asks
 * for `prepare(sql)` on every query, and preparing took an eighth of a create's time (issue 12).
 * Our queries have parameters, so a few hundred texts cover them all; the least recently used
 * goes first past `size`. Reusing a statement is safe because Kysely runs one query at a time on
 * the connection and never leaves a statement iterating; SQLite prepares a statement again by
 * itself when a migration has changed the schema under it.
 */
export function withStatementCache(database: Preparer, size = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const known = statements.get(sql);
      if (known) {
        // Map keeps insertion order: moving it to the end keeps the oldest first.
        statements.delete(sql);
        statements.set(sql, known);
        return known;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
      return statement;
    },
  };
}
