import type { Executor } from '../../db/executor.ts';
import { compiledOnce } from '../../db/compiled-once.ts';

/*
 * The visits GET /seasonality counts (docs/behaviour.md#seasons), read with indexes: entry_finds
 * by (user_id, species_key) for the locations where the species was found, then those
 * locations' entries by (location_id, date), each with its find of the species by entry_finds'
 * key (entry_id, species_key). Every query is scoped by user_id.
 */

/** An entry at a location where the species was found; `species` and `details` when it was. */
export interface SpeciesVisitRow {
  location_id: string;
  date: string;
  species: string | null;
  /** The entry's details JSON, only for a visit that found it: its quantity's exact value. */
  details: string | null;
}

const speciesVisitsQuery = compiledOnce((db: Executor, userId: string, key: string) =>
  db
    .selectFrom('entries as e')
    .leftJoin('entry_finds as f', (join) =>
      join.onRef('f.entry_id', '=', 'e.id').on('f.species_key', '=', key),
    )
    .select(['e.location_id', 'e.date', 'f.species'])
    .select((eb) =>
      eb.case().when('f.species', 'is not', null).then(eb.ref('e.details')).end().as('details'),
    )
    .where('e.user_id', '=', userId)
    .where('e.location_id', 'in', (eb) =>
      eb
        .selectFrom('entry_finds')
        .select('location_id')
        .where('user_id', '=', userId)
        .where('species_key', '=', key),
    ),
);

/** The same, at one location. */
const speciesVisitsAtQuery = compiledOnce(
  (db: Executor, userId: string, key: string, locationId: string) =>
    db
      .selectFrom('entries as e')
      .leftJoin('entry_finds as f', (join) =>
        join.onRef('f.entry_id', '=', 'e.id').on('f.species_key', '=', key),
      )
      .select(['e.location_id', 'e.date', 'f.species'])
      .select((eb) =>
        eb.case().when('f.species', 'is not', null).then(eb.ref('e.details')).end().as('details'),
      )
      .where('e.user_id', '=', userId)
      .where('e.location_id', '=', locationId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('entry_finds')
            .select('entry_id')
            .where('user_id', '=', userId)
            .where('species_key', '=', key)
            .where('location_id', '=', locationId),
        ),
      ),
);

/** One row per entry and find (an entry without finds once, `species` null). */
export interface JournalVisitRow {
  id: string;
  location_id: string;
  date: string;
  species: string | null;
}

const journalVisitsQuery = compiledOnce((db: Executor, userId: string) =>
  db
    .selectFrom('entries as e')
    .leftJoin('entry_finds as f', 'f.entry_id', 'e.id')
    .select(['e.id', 'e.location_id', 'e.date', 'f.species'])
    .where('e.user_id', '=', userId),
);

export const seasonalityRepository = {
  /**
   * The user's entries at the locations where the species (its key) was found, of every year:
   * a spot is one when it was found there in any year, so seasons.ts filters the years.
   */
  async speciesVisits(
    db: Executor,
    userId: string,
    key: string,
    locationId?: string,
  ): Promise<SpeciesVisitRow[]> {
    const result =
      locationId === undefined
        ? await speciesVisitsQuery(db, userId, key)
        : await speciesVisitsAtQuery(db, userId, key, locationId);
    return result.rows;
  },
  /** Every entry of the user with each of its finds' species. */
  async journalVisits(db: Executor, userId: string): Promise<JournalVisitRow[]> {
    return (await journalVisitsQuery(db, userId)).rows;
  },
};
