import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../src/db/connect.ts';

/**
 * The tables of this test's own database. On PostgreSQL, Kysely's introspection lists every
 * schema, and the other test files' schemas (each at its own migration) run beside this one.
 */
export async function ownTables(handle: DatabaseHandle) {
  const tables = await handle.db.introspection.getTables();
  if (handle.dialect !== 'postgres') return tables;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
    handle.db as Kysely<unknown>,
  );
  return tables.filter((table) => table.schema === rows[0]?.schema);
}
