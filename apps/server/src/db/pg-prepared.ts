import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * A text that begins with this runs unnamed, planned again on each run with its values: for
 * reads whose best plan depends on them (a search's `($1 = 0 or …)` facets), where
 * PostgreSQL's generic plan, chosen after five runs of a named statement, was three times slower.
 */
export const planEachRun = '/* planned each run */ ';

/**
 * The pool as Kysely's PostgreSQL dialect sees it, sending each query text with parameters as a
 * named prepared statement: PostgreSQL then parses and plans it once per connection, and every
 * later run sends only its parameters. On a small machine, where the database shares the CPU with
 * the server, that work was a good part of a write's cost.
 *
 * Texts without parameters (BEGIN, COMMIT, migrations' DDL) go as before, in the simple protocol,
 * which also allows several statements in one text. At most `size` texts get a name, the first
 * seen; any text after that runs unnamed, so a connection never holds more than `size`
 * statements. Kysely keys its connections by the client object, so each client keeps one wrapper.
 */
export function withPreparedStatements(pool: pg.Pool, size = 500): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= size) return known;
    const name = `fj_${names.size}`;
    names.set(text, name);
    return name;
  };
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  // Only the (sql, parameters) form: the dialect is given no cursor, so it never streams.
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((text: string, parameters: readonly unknown[]) => {
      const values = [...parameters];
      const name = values.length > 0 && !text.startsWith(planEachRun) ? nameOf(text) : undefined;
      return client.query({ text, values, ...(name ? { name } : {}) });
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
