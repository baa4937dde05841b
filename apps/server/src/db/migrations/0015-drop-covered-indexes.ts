import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { inOneTransaction } from './in-one-transaction.ts';

/**
 * Drops two indexes that later ones cover: `locations (user_id)` is the first column of
 * `locations (user_id, revision)` (0006), and `entries (user_id)` the first of `entries
 * (user_id, location_id, date)` (0013). A read by user alone uses the wider index as well; every
 * create paid for one B-tree more than it needed.
 */
export function dropCoveredIndexes(dialect: DialectName): Migration {
  return {
    up: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        await trx.schema.dropIndex('locations_user_idx').execute();
        await trx.schema.dropIndex('entries_user_idx').execute();
      }),
    down: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        await trx.schema
          .createIndex('locations_user_idx')
          .on('locations')
          .column('user_id')
          .execute();
        await trx.schema.createIndex('entries_user_idx').on('entries').column('user_id').execute();
      }),
  };
}
