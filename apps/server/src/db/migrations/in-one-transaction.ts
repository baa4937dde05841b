import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * Kysely runs PostgreSQL's migrations in a transaction but not SQLite's: there, open one, so a
 * failure halfway leaves no half-changed schema behind.
 */
export async function inOneTransaction(
  db: Kysely<unknown>,
  dialect: DialectName,
  work: (trx: Kysely<unknown>) => Promise<void>,
): Promise<void> {
  if (dialect === 'sqlite') await db.transaction().execute(work);
  else await work(db);
}
