import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { DbTransaction, Executor } from '../../db/executor.ts';
import { countAll } from '../../db/query-fragments.ts';
import type { EntriesTable, EntryFindsTable, LocationsTable } from '../../db/schema.ts';

/** What a find row adds to its entry's columns (`finds` below, as JSON). */
export type FindColumns = Pick<EntryFindsTable, 'species' | 'species_key' | 'quantity' | 'unit'>;

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
 * A new entry's writes as one PostgreSQL statement (data-modifying WITH, which SQLite lacks), in
 * the order of docs/architecture.md#revisions: the user's revision and journal bytes (one
 * conditional update of the user's row, which takes its lock first), the location's touch, the
 * entry, its finds (`finds`: JSON of FindColumns) and its photos (`paths`: JSON of file paths,
 * in order). An update sees the newest version of the row it changes, whatever the statement's
 * snapshot (it waits for that row's lock, then checks its condition again), and nothing here
 * decides on a read of another row: so the quota holds as with a statement each.
 */
const createInOneQuery = compiledOnce(
  (
    db: Executor,
    row: EntriesTable,
    bytes: number,
    maxBytes: number,
    finds: string,
    paths: string,
  ) =>
    db
      .with('bumped', (db) =>
        db
          .updateTable('sync_revisions')
          .set((eb) => ({
            revision: eb('revision', '+', 1),
            journal_bytes: eb('journal_bytes', '+', bytes),
          }))
          .where('user_id', '=', row.user_id)
          .where((eb) => eb(eb('journal_bytes', '+', bytes), '<=', maxBytes))
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
          .onConflict((conflict) => conflict.column('id').doNothing())
          .returning('id'),
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
          .from([
            'made',
            sql<{ path: string; position: number }>`(select value as path,
              ordinality - 1 as position from json_array_elements_text(${paths}::json)
              with ordinality)`.as('wanted'),
          ])
          .set((eb) => ({ entry_id: eb.ref('made.id'), position: eb.ref('wanted.position') }))
          .where('photos.user_id', '=', row.user_id)
          .whereRef('photos.file_path', '=', 'wanted.path')
          .where('photos.entry_id', 'is', null)
          .returning('photos.id'),
      )
      .selectFrom('touched')
      .selectAll('touched')
      .select((eb) => [
        eb.selectFrom('made').select(countAll).as('made'),
        eb.selectFrom('linked').select(countAll).as('linked'),
      ]),
);

/** An entry create in fewer statements than repository.ts's one per table. */
export const entryCreateRepository = {
  /**
   * PostgreSQL only: a new entry's whole write in one statement (createInOneQuery). Answers the
   * location's row as touched, or undefined when anything was not as for a new entry in an
   * owned location within the journal quota, with photos all the user's and free: the caller
   * then rolls back and takes the statements one by one, which tell which it was.
   */
  async createInOne(
    trx: DbTransaction,
    row: EntriesTable,
    charge: { bytes: number; maxBytes: number },
    finds: readonly FindColumns[],
    paths: readonly string[],
  ): Promise<LocationsTable | undefined> {
    const result = await createInOneQuery(
      trx,
      row,
      charge.bytes,
      charge.maxBytes,
      JSON.stringify(finds),
      JSON.stringify(paths),
    );
    const [made] = result.rows;
    if (!made || Number(made.made) !== 1 || Number(made.linked) !== paths.length) return undefined;
    return made;
  },
};
