import { sql } from 'kysely';
import { findRowsOf } from '../lib/entry-details.ts';
import { entryFindsRepository } from './entry-finds.ts';
import type { DialectName } from './dialect.ts';
import type { Executor } from './executor.ts';
import type { EntriesTable, LocationsTable } from './schema.ts';
import { docSeparator, visitRow } from './search-index-rows.ts';
import { searchIndex } from './search-index.ts';

/** The statements one by one (SQLite's way): what `insertEntryIndexed` needs of the repositories. */
export interface EntryInsertSteps {
  /** Marks the location changed and answers its row (modules/locations' touch). */
  touch(
    db: Executor,
    userId: string,
    id: string,
    updatedAt: string,
    revision: number,
  ): Promise<LocationsTable | undefined>;
  insertIfAbsent(db: Executor, row: EntriesTable): Promise<boolean>;
}

/**
 * A new entry: its location's touch (its time and revision, answering its row, or undefined
 * when the user has no such location, and then nothing is written), then the entry with what is
 * derived from it in the same transaction: its entry_finds (db/entry-finds.ts), its search visit
 * and its spot's newest visit (db/search-index.ts). `inserted` is false, with the touch done,
 * when the id exists (a retry, or another entry's id); the caller then rolls back.
 *
 * On PostgreSQL it is one statement (data-modifying WITH; a row a step did not write gives the
 * next nothing to write): four round trips fewer than the statements one by one. The spot's
 * newest visit is raised to the entry's date when later, which is what a recount after an insert
 * gives. Its snapshot is taken after the user's revision bump, which the caller ran first, so it
 * reads what the writes before it committed, as each statement one by one would.
 * On SQLite, where a statement costs no round trip, they run one by one.
 */
export async function insertEntryIndexed(
  db: Executor,
  dialect: DialectName,
  row: EntriesTable,
  steps: EntryInsertSteps,
): Promise<{ location: LocationsTable | undefined; inserted: boolean }> {
  const { id, location_id: locationId, user_id: userId, date } = row;
  if (dialect !== 'postgres') {
    const location = await steps.touch(db, userId, locationId, row.updated_at, row.revision);
    if (!location || !(await steps.insertIfAbsent(db, row))) return { location, inserted: false };
    await entryFindsRepository.insertFor(db, [row]);
    await searchIndex.visitsInserted(db, [row]);
    return { location, inserted: true };
  }
  const finds = findRowsOf(row).map((find) => ({
    species: find.species,
    species_key: find.species_key,
    quantity: find.quantity,
    unit: find.unit,
  }));
  const visit = visitRow(row, '');
  const result = await sql<LocationsTable & { inserted: string }>`with t as (
      update locations set updated_at = ${row.updated_at}, revision = ${row.revision}
      where user_id = ${userId} and id = ${locationId}
      returning *
    ), e as (
      insert into entries (id, location_id, user_id, date, details, created_at, updated_at, revision)
      select ${id}, t.id, t.user_id, ${date}, ${row.details}, ${row.created_at},
        ${row.updated_at}, ${row.revision}
      from t
      on conflict (id) do nothing returning id
    ), f as (
      insert into entry_finds (entry_id, user_id, location_id, date, species, species_key, quantity, unit)
      select e.id, ${userId}, ${locationId}, ${date}, x.species, x.species_key, x.quantity, x.unit
      from e, jsonb_to_recordset(${JSON.stringify(finds)}::jsonb)
        as x(species text, species_key text, quantity double precision, unit text)
      on conflict do nothing
    ), v as (
      insert into search_visits (entry_id, user_id, location_id, date, month, text, doc)
      select e.id, ${userId}, ${locationId}, ${date}, ${visit.month}::integer, ${visit.text}::text,
        (select s.text from search_spots s where s.location_id = ${locationId}
          and s.user_id = ${userId}) || ${docSeparator + visit.text}::text
      from e
    ), n as (
      update search_spots set newest_visit = ${date}
      where location_id = ${locationId} and user_id = ${userId}
        and (newest_visit is null or newest_visit < ${date}) and exists (select 1 from e)
    )
    select t.*, (select count(*) from e) as inserted from t`.execute(db);
  const [first] = result.rows;
  if (!first) return { location: undefined, inserted: false };
  const { inserted, ...location } = first;
  return { location, inserted: Number(inserted) > 0 };
}
