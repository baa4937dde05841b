import { sql, type QueryResult } from 'kysely';

/** `count(*) as count`, for any table; read it with Number() (PostgreSQL answers a string). */
export const countAll = sql<number | string | bigint>`count(*)`.as('count');

/** Whether an insert … on conflict do nothing (run by compiledOnce) wrote its row (false: the id was taken). */
export function insertedRows(result: QueryResult<unknown>): boolean {
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * The values of an `in (…)` list, the last one repeated up to the next power of two (`in`
 * ignores repeats). Lists of any length then compile to a few SQL texts instead of one per
 * length, and each text's prepared statement lives as long as its connection
 * (statement-cache.ts).
 */
export function inList<T>(values: readonly T[]): readonly T[] {
  const size = values.length <= 1 ? values.length : 2 ** Math.ceil(Math.log2(values.length));
  if (size === values.length) return values;
  const last = values[values.length - 1] as T;
  return [...values, ...Array.from({ length: size - values.length }, () => last)];
}
