import type { CompiledQuery } from 'kysely';

/**
 * One-row reads answered at once, without Kysely's asynchronous way to a connection: on SQLite, a
 * read-only connection of its own, run synchronously. A conditional read (a 304) is mostly the
 * read of the user's revision, and the promises, the connection mutex and the query building
 * around that read cost several times the read itself (issue 12). A connection of its own, not
 * the app's: the app's may be inside another request's transaction, whose uncommitted rows this
 * must never see. In WAL mode it sees each commit as soon as it is made.
 */
export interface PointReads {
  /** The first row the query answers, if any. Give it compiledOnce queries only (see below). */
  first<R>(query: CompiledQuery<R>): R | undefined;
  close(): void;
}

/** What sqlitePointReads needs of a better-sqlite3 database opened read-only. */
export interface ReadOnlySqlite {
  close(): void;
  pragma(source: string): unknown;
  prepare(sql: string): { get(...parameters: unknown[]): unknown };
}

/**
 * The connection is opened on the first read (a handle used for migrations only never opens it).
 * Each text is prepared once and kept: the texts are those of compiledOnce queries, a fixed few,
 * so the map stays that small.
 */
export function sqlitePointReads(open: () => ReadOnlySqlite): PointReads {
  let database: ReadOnlySqlite | undefined;
  const statements = new Map<string, ReturnType<ReadOnlySqlite['prepare']>>();
  const connection = () => {
    if (!database) {
      database = open();
      // Waits out a checkpoint's lock as the app's connection does.
      database.pragma('busy_timeout = 5000');
    }
    return database;
  };
  return {
    first<R>(query: CompiledQuery<R>) {
      let statement = statements.get(query.sql);
      if (!statement) {
        statement = connection().prepare(query.sql);
        statements.set(query.sql, statement);
      }
      return statement.get(...query.parameters) as R | undefined;
    },
    close() {
      database?.close();
      database = undefined;
      statements.clear();
    },
  };
}
