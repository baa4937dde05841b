import { sql, type InsertResult } from 'kysely';

/** `count(*) as count`, for any table; read it with Number() (PostgreSQL answers a string). */
export const countAll = sql<number | string | bigint>`count(*)`.as('count');

/** Whether an insert … on conflict do nothing wrote its row (false: the id was taken). */
export function inserted(result: InsertResult | undefined): boolean {
  return Number(result?.numInsertedOrUpdatedRows ?? 0) > 0;
}
