import type { Compilable } from 'kysely';

/**
 * A read that answers at once, without a promise: a statement run directly on SQLite's one
 * connection (better-sqlite3 is synchronous), beside Kysely, which queues every query behind
 * the transaction in progress. For the conditional reads answered before Fastify (issue 12),
 * where Kysely's promises and connection queue cost several times the read itself.
 *
 * It sees what the connection sees: the committed rows, or, while a transaction of this
 * process is open between two of its statements, that transaction's writes too. So it may only
 * decide what such writes cannot make wrong (a revision only grows: a read that sees one more
 * bump than has committed says "changed", and the caller asks Kysely); never what an answer is
 * labelled with. PostgreSQL has no such connection: there it is absent.
 */
export type ReadNow = <Row>(
  query: Compilable<Row>,
) => (...parameters: unknown[]) => Row | undefined;

/** What readNow needs of a better-sqlite3 database. */
interface Preparer {
  prepare(sql: string): { get(...parameters: unknown[]): unknown };
}

/**
 * Each query is compiled by Kysely (the same SQL as its Kysely twin) and prepared once; its
 * parameters are given in the order the compiled query names them.
 */
export function readNowOn(database: Preparer): ReadNow {
  return <Row>(query: Compilable<Row>) => {
    const statement = database.prepare(query.compile().sql);
    return (...parameters: unknown[]) => statement.get(...parameters) as Row | undefined;
  };
}
