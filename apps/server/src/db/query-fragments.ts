import { sql, type QueryResult } from 'kysely';

/** `count(*) as count`, for any table; read it with Number() (PostgreSQL answers a string). */
export const countAll = sql<number | string | bigint>`count(*)`.as('count');

/** Whether an insert … on conflict do nothing (run by compiledOnce) wrote its row (false: the id was taken). */
export function insertedRows(result: QueryResult<unknown>): boolean {
  return Number(result.numAffectedRows ?? 0) > 0;
}
