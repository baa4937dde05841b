import type { DialectName } from './dialect.ts';
import type { DbTransaction } from './executor.ts';

/**
 * Holds a user's row until the transaction ends, so that a quota's count-then-insert cannot be
 * overtaken by a concurrent one for the same user.
 *
 * PostgreSQL: SELECT … FOR UPDATE makes the next such transaction wait for this one's commit,
 * and its later statements (READ COMMITTED) then see the rows this one wrote.
 * SQLite: Kysely runs every transaction on the one connection behind a mutex, so transactions of
 * this process never interleave and there is nothing to take (SQLite has no FOR UPDATE).
 */
export async function lockUserRow(
  trx: DbTransaction,
  dialect: DialectName,
  userId: string,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('user').select('id').where('id', '=', userId).forUpdate().execute();
}
