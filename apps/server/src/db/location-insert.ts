import { sql } from 'kysely';
import type { DialectName } from './dialect.ts';
import type { Executor } from './executor.ts';
import type { LocationsTable } from './schema.ts';
import { spotRow } from './search-index-rows.ts';
import { searchIndex } from './search-index.ts';

/**
 * A new location, unless the id exists or the user already has `max` locations, with its search
 * spot and labels (db/search-index.ts) in the same transaction. Answers whether it inserted
 * (false: nothing was written, and the caller tells a retry from the quota).
 *
 * On PostgreSQL it is one statement (data-modifying WITH; a location not inserted gives the
 * index nothing to write): two round trips fewer than the statements one by one. Its snapshot,
 * and so the quota's count, is taken after the user's revision bump, which the caller ran first
 * and which makes a concurrent create of the user wait for this one's commit.
 * On SQLite, where a statement costs no round trip, they run one by one.
 */
export async function insertLocationIndexed(
  db: Executor,
  dialect: DialectName,
  row: LocationsTable,
  max: number,
  insertBelowQuota: (db: Executor, row: LocationsTable, max: number) => Promise<boolean>,
): Promise<boolean> {
  if (dialect !== 'postgres') {
    if (!(await insertBelowQuota(db, row, max))) return false;
    await searchIndex.spotsWritten(db, [row]);
    return true;
  }
  const { spot, labels } = spotRow(row);
  const keys = JSON.stringify(labels.map(({ kind, key }) => ({ kind, key })));
  const userId = row.user_id;
  const result = await sql<{ inserted: string }>`with l as (
      insert into locations (id, user_id, name, description, lat, lng, details, favorite,
        created_at, updated_at, revision)
      select ${row.id}::text, ${userId}::text, ${row.name}::text, ${row.description}::text,
        ${row.lat}::double precision, ${row.lng}::double precision, ${row.details}::text,
        ${row.favorite}::integer, ${row.created_at}::text, ${row.updated_at}::text,
        ${row.revision}::bigint
      where (select count(*) from locations where user_id = ${userId}) < ${max}::bigint
      on conflict (id) do nothing returning id
    ), s as (
      insert into search_spots (location_id, user_id, text, terrain, access, kind, favorite,
        lat, lng, newest_visit)
      select l.id, ${userId}, ${spot.text}::text, ${spot.terrain}::text, ${spot.access}::text,
        ${spot.kind}::text, ${spot.favorite}::integer, ${spot.lat}::double precision,
        ${spot.lng}::double precision, null
      from l
    ), b as (
      insert into search_labels (location_id, user_id, kind, key)
      select l.id, ${userId}, x.kind, x.key
      from l, jsonb_to_recordset(${keys}::jsonb) as x(kind text, key text)
    )
    select count(*) as inserted from l`.execute(db);
  return Number(result.rows[0]?.inserted ?? 0) > 0;
}
