import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Executor } from '../../db/executor.ts';
import { countAll, failedWith } from '../../db/query-fragments.ts';
import type {
  EntriesTable,
  EntryFindsTable,
  LocationsTable,
  PhotosTable,
} from '../../db/schema.ts';

/** What a find row adds to its entry's columns (`finds` below, as JSON). */
export type FindColumns = Pick<EntryFindsTable, 'species' | 'species_key' | 'quantity' | 'unit'>;

/** A plain new entry's limits: QUOTA_JOURNAL_BYTES_PER_USER and QUOTA_ENTRIES_PER_LOCATION. */
export interface EntryLimits {
  /** The entry's journal bytes (journal-quota/measure.ts) and the user's quota. */
  bytes: number;
  maxBytes: number;
  maxEntries: number;
}

const entryColumns = [
  'id',
  'location_id',
  'user_id',
  'date',
  'details',
  'created_at',
  'updated_at',
  'revision',
] as const satisfies readonly (keyof EntriesTable)[];
const findColumns = [
  'entry_id',
  'user_id',
  'location_id',
  'date',
  'species',
  'species_key',
  'quantity',
  'unit',
] as const satisfies readonly (keyof EntryFindsTable)[];

/**
 * A plain new entry as one PostgreSQL statement (data-modifying WITH, which SQLite lacks),
 * committed on its own: its writes in the order of docs/architecture.md#revisions, and the
 * location as it then is, for the answer.
 *
 * `bumped`, the user's revision and journal bytes, is the first write and takes the user's
 * row lock; its condition is every rule of a create. The bytes are checked on the row itself
 * (an update waits for the row and checks its condition again on the newest version). The
 * rest is read from the statement's snapshot, taken before that wait: the location exists,
 * holds fewer than `maxEntries` entries, and each photo path (`paths`, JSON, in order) names an
 * unattached photo of the user's. The snapshot is the user's journal as it is once the lock is
 * held only if no write of the user committed in between, so the condition also asks that the
 * revision is still the one the snapshot read: every write of a user's journal raises it first.
 * When any of this fails, nothing is written and no row comes back.
 *
 * Then the touch, the entry (an id already taken fails the statement with a unique violation),
 * its finds (`finds`, JSON of FindColumns) and its photos; the answer's entries and photos are
 * the snapshot's and the new ones. A photo deleted meanwhile (the sweeper's, a day after
 * upload) would leave the entry short of one: `complete` then divides by zero, which fails the
 * statement and undoes it all (a constant 1/0 would fail at planning, so it counts `linked`).
 */
const createInOneQuery = compiledOnce(
  (
    db: Executor,
    row: EntriesTable,
    limits: EntryLimits,
    finds: string,
    paths: string,
    photoCount: number,
  ) =>
    db
      .with(
        'wanted',
        () =>
          sql<{ path: string; position: number }>`(select value as path, ordinality - 1 as position
          from json_array_elements_text(${paths}::json) with ordinality)`,
      )
      .with('bumped', (db) =>
        db
          .updateTable('sync_revisions')
          .set((eb) => ({
            revision: eb('revision', '+', 1),
            journal_bytes: eb('journal_bytes', '+', limits.bytes),
          }))
          .where('user_id', '=', row.user_id)
          .where((eb) =>
            eb.and([
              eb(eb('journal_bytes', '+', limits.bytes), '<=', limits.maxBytes),
              eb(
                'revision',
                '=',
                eb
                  .selectFrom('sync_revisions as seen')
                  .select('seen.revision')
                  .where('seen.user_id', '=', row.user_id),
              ),
              eb.exists(
                eb
                  .selectFrom('locations')
                  .select('locations.id')
                  .where('locations.user_id', '=', row.user_id)
                  .where('locations.id', '=', row.location_id),
              ),
              eb(
                eb
                  .selectFrom('entries')
                  .select(countAll)
                  .where('entries.user_id', '=', row.user_id)
                  .where('entries.location_id', '=', row.location_id),
                '<',
                limits.maxEntries,
              ),
              eb(
                eb
                  .selectFrom('photos')
                  .innerJoin('wanted', 'wanted.path', 'photos.file_path')
                  .select(countAll)
                  .where('photos.user_id', '=', row.user_id)
                  .where('photos.entry_id', 'is', null),
                '=',
                photoCount,
              ),
            ]),
          )
          .returning('revision'),
      )
      .with('touched', (db) =>
        db
          .updateTable('locations')
          .from('bumped')
          .set((eb) => ({ updated_at: row.updated_at, revision: eb.ref('bumped.revision') }))
          .where('locations.user_id', '=', row.user_id)
          .where('locations.id', '=', row.location_id)
          .returningAll('locations'),
      )
      .with('made', (db) =>
        db
          .insertInto('entries')
          .columns(entryColumns)
          .expression((eb) =>
            eb
              .selectFrom('touched')
              .select((eb) => [
                eb.val(row.id).as('id'),
                'touched.id as location_id',
                eb.val(row.user_id).as('user_id'),
                eb.val(row.date).as('date'),
                eb.val(row.details).as('details'),
                eb.val(row.created_at).as('created_at'),
                eb.val(row.updated_at).as('updated_at'),
                'touched.revision',
              ]),
          )
          .returningAll(),
      )
      .with('found', (db) =>
        db
          .insertInto('entry_finds')
          .columns(findColumns)
          .expression(
            sql`select made.id, ${row.user_id}, ${row.location_id}, ${row.date}, f.species,
              f.species_key, f.quantity, f.unit from made, json_to_recordset(${finds}::json)
              as f(species text, species_key text, quantity real, unit text)`,
          )
          .onConflict((conflict) => conflict.doNothing())
          .returning('entry_id'),
      )
      .with('linked', (db) =>
        db
          .updateTable('photos')
          .from(['made', 'wanted'])
          .set((eb) => ({ entry_id: eb.ref('made.id'), position: eb.ref('wanted.position') }))
          .where('photos.user_id', '=', row.user_id)
          .whereRef('photos.file_path', '=', 'wanted.path')
          .where('photos.entry_id', 'is', null)
          .returningAll('photos'),
      )
      .selectFrom('touched')
      .selectAll('touched')
      .select(() => [
        sql<number>`1 / ((select count(*) from linked) = ${photoCount})::int`.as('complete'),
        sql<EntriesTable[]>`(select json_agg(e order by e.date desc, e.created_at desc, e.id)
          from (select * from entries where user_id = ${row.user_id}
            and location_id = ${row.location_id} union all select * from made) e)`.as('entries'),
        sql<PhotosTable[] | null>`(select json_agg(p order by p.position, p.id)
          from (select * from photos where user_id = ${row.user_id} and entry_id in
            (select id from entries where user_id = ${row.user_id}
              and location_id = ${row.location_id})
            union all select * from linked) p)`.as('photos'),
      ]),
);

/** An entry create in fewer statements than repository.ts's one per table. */
export const entryCreateRepository = {
  /**
   * PostgreSQL only: a plain new entry, written and committed in one statement with no
   * transaction around it (createInOneQuery). Answers the location's row as touched with its
   * entries and their photos, or undefined when the create was not plain (a retried id, a
   * missing location, a quota, a photo not free, another write of the user's meanwhile): then
   * nothing was written, and the statements one by one tell which it was.
   */
  async createInOne(
    db: Executor,
    row: EntriesTable,
    limits: EntryLimits,
    finds: readonly FindColumns[],
    paths: readonly string[],
  ): Promise<
    { location: LocationsTable; entries: EntriesTable[]; photos: PhotosTable[] } | undefined
  > {
    let result;
    try {
      result = await createInOneQuery(
        db,
        row,
        limits,
        JSON.stringify(finds),
        JSON.stringify(paths),
        paths.length,
      );
    } catch (error) {
      // A unique violation (the id was taken) or complete's division by zero.
      if (failedWith(error, ['23505', '22012'])) return undefined;
      throw error;
    }
    const [made] = result.rows;
    if (!made) return undefined;
    const { entries, photos, ...location } = made;
    // Only there to fail the statement when it is not 1.
    delete (location as Partial<typeof made>).complete;
    return { location, entries, photos: photos ?? [] };
  },
};
