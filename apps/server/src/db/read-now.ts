import type { Compilable } from 'kysely';
import { keepUntilExit } from './sqlite-kept-objects.ts';

/**
 * Reads that answer at once, without a promise: statements run directly on SQLite's one
 * connection (better-sqlite3 is synchronous), beside Kysely, which queues every query behind
 * the transaction in progress. For the conditional reads answered before Fastify,
 * where Kysely's promises and connection queue cost several times the read itself.
 *
 * A read sees what the connection sees: the committed rows, or, while a transaction of this
 * process is open between two of its statements, that transaction's writes too. So it may only
 * decide what such writes cannot make wrong (a revision only grows: a read that sees one more
 * bump than has committed says "changed", and the caller asks Kysely); never what an answer is
 * labelled with. PostgreSQL has no such connection: there it is absent.
 */
export interface ReadNow {
  /** The query (compiled by Kysely: the same SQL as its Kysely twin), prepared once. */
  prepare<Row>(query: Compilable<Row>): (...parameters: unknown[]) => Row | undefined;
  /**
   * How many statements that may change what a read sees (writes, and the begin or end of a
   * transaction) Kysely has run on the connection: while it stays the same, so does every
   * read's answer, as long as no other process writes the file (SQLite is one server's
   * database, as the preferences row cache also assumes: services.ts).
   */
  changes(): number;
}

/** What readNowOn needs of a better-sqlite3 database. */
interface Preparer {
  prepare(sql: string): { get(...parameters: unknown[]): unknown };
}

/**
 * The connection's reads; `changes` counts what withStatementCache (statement-cache.ts) reports
 * as it hands Kysely each statement that may change what reads see.
 */
export function readNowOn(database: Preparer): ReadNow & { beforeChange(): void } {
  let changes = 0;
  return {
    prepare<Row>(query: Compilable<Row>) {
      const statement = keepUntilExit(database.prepare(query.compile().sql));
      return (...parameters: unknown[]) => statement.get(...parameters) as Row | undefined;
    },
    changes: () => changes,
    beforeChange() {
      changes += 1;
    },
  };
}
