import type { Executor } from '../../db/executor.ts';
import type { EntriesTable, LocationsTable } from '../../db/schema.ts';

/** The reads and writes of a species rename, every query scoped by the user. */
export const speciesRepository = {
  /** The user's entries with a find of the species (by its key), through entry_finds' index. */
  entriesWith(db: Executor, userId: string, key: string): Promise<EntriesTable[]> {
    return db
      .selectFrom('entries')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('entry_finds')
          .select('entry_id')
          .where('user_id', '=', userId)
          .where('species_key', '=', key),
      )
      .execute();
  },
  /** The user's locations that name any species (their details hold the list). */
  locationsNamingSpecies(db: Executor, userId: string): Promise<LocationsTable[]> {
    return db
      .selectFrom('locations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('details', 'like', '%"species"%')
      .execute();
  },
  async updateLocation(
    db: Executor,
    userId: string,
    id: string,
    changes: Pick<LocationsTable, 'details' | 'updated_at' | 'revision'>,
  ): Promise<void> {
    await db
      .updateTable('locations')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  },
};
