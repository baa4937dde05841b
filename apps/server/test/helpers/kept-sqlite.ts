import Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { keepUntilExit } from '../../src/db/sqlite-kept-objects.ts';

/**
 * Tests open better-sqlite3 as the server does: nothing it makes is left to the garbage
 * collector, which aborts the test process on Node 24 (src/db/sqlite-kept-objects.ts).
 */
export function openKeptSqlite(file = ':memory:', options?: Database.Options): Database.Database {
  return keepUntilExit(new Database(file, options));
}

/** The database for Kysely's SqliteDialect, each statement it prepares kept. */
export function keptForKysely(sqlite: Database.Database): SqliteDatabase {
  return {
    prepare: (sql) => keepUntilExit(sqlite.prepare(sql)),
    close: () => sqlite.close(),
  };
}
