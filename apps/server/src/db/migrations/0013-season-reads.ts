import { sql, type Kysely, type Migration } from 'kysely';
import { speciesKey } from '@fj/contract/text-fold';
import type { DialectName } from '../dialect.ts';
import { inOneTransaction } from './in-one-transaction.ts';

/**
 * What GET /seasonality reads (docs/behaviour.md#seasons) with SQL GROUP BYs:
 *
 * - entry_finds by (user_id, species_key, location_id): the spots of a species, and every
 *   species' spots, from the index alone.
 * - entry_finds by (user_id, species_key, species, date), in place of (user_id, species_key,
 *   date): every species' days and spellings from the index alone and in its order (reading
 *   the table for the spelling made the list four times slower on SQLite).
 * - entries by (user_id, location_id, date): the visits at those spots. With (location_id, date)
 *   and (user_id) alone, PostgreSQL joined the two by a bitmap of all the user's entries for each
 *   spot (200 ms for one species at 20,000 entries).
 * - On PostgreSQL, entry_finds.quantity becomes double precision: `real` is 4 bytes there
 *   (8 on SQLite), which holds 7 digits, so 1234.567 kg came back as 1234.5670166 and sums of
 *   the thousandths were off. Each quantity is written again from the entry's details, where
 *   the number the user gave is kept.
 * - On PostgreSQL, statistics of how many (species_key, location_id) pairs there are: without
 *   them the planner guesses a tenth of the rows, and hashes the 34,000 pairs of a 40,000-find
 *   journal (50-100 ms) rather than read them from the index in order (10-20 ms).
 */
export function seasonReads(dialect: DialectName): Migration {
  return {
    up: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        await trx.schema
          .createIndex('entry_finds_user_species_location_idx')
          .on('entry_finds')
          .columns(['user_id', 'species_key', 'location_id'])
          .execute();
        await speciesDateIndex(trx, ['user_id', 'species_key', 'species', 'date']);
        await trx.schema
          .createIndex('entries_user_location_date_idx')
          .on('entries')
          .columns(['user_id', 'location_id', 'date'])
          .execute();
        if (dialect !== 'postgres') return;
        await sql`alter table entry_finds alter column quantity type double precision`.execute(trx);
        await exactQuantities(trx);
        await sql`create statistics entry_finds_species_location_stats (ndistinct)
          on species_key, location_id from entry_finds`.execute(trx);
      }),
    down: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        await trx.schema.dropIndex('entries_user_location_date_idx').execute();
        await trx.schema.dropIndex('entry_finds_user_species_location_idx').execute();
        await speciesDateIndex(trx, ['user_id', 'species_key', 'date']);
        if (dialect !== 'postgres') return;
        await sql`drop statistics entry_finds_species_location_stats`.execute(trx);
        await sql`alter table entry_finds alter column quantity type real`.execute(trx);
      }),
  };
}

/** Migration 0008's index of a species' finds by date, made again with these columns. */
async function speciesDateIndex(trx: Kysely<unknown>, columns: string[]): Promise<void> {
  await trx.schema.dropIndex('entry_finds_user_species_date_idx').execute();
  await trx.schema
    .createIndex('entry_finds_user_species_date_idx')
    .on('entry_finds')
    .columns(columns)
    .execute();
}

interface QuantityRow {
  entry_id: string;
  details: string;
}

const pageSize = 1000;
/** Rows per update, the last repeated up to it (one SQL text; a repeat writes the same). */
const rowsPerStatement = 128;

/** Every find with a quantity gets the details' number, a page of entries at a time. */
async function exactQuantities(trx: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<QuantityRow>`
      select distinct f.entry_id, e.details from entry_finds f join entries e on e.id = f.entry_id
      where f.quantity is not null and f.entry_id > ${after}
      order by f.entry_id limit ${pageSize}`.execute(trx);
    const values = rows.flatMap((row) => {
      const { finds = [] } = JSON.parse(row.details) as {
        finds?: { species: string; quantity?: number | null }[];
      };
      return finds.flatMap((find) =>
        typeof find.quantity === 'number'
          ? [{ id: row.entry_id, key: speciesKey(find.species), quantity: find.quantity }]
          : [],
      );
    });
    for (let start = 0; start < values.length; start += rowsPerStatement) {
      const batch = values.slice(start, start + rowsPerStatement);
      const last = batch[batch.length - 1];
      if (!last) break;
      while (batch.length < rowsPerStatement) batch.push(last);
      const list = batch.map(
        (v) => sql`(${v.id}, ${v.key}, cast(${String(v.quantity)} as double precision))`,
      );
      await sql`update entry_finds set quantity = v.column3 from (values ${sql.join(list)}) as v
        where entry_finds.entry_id = v.column1 and entry_finds.species_key = v.column2`.execute(
        trx,
      );
    }
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]?.entry_id ?? after;
  }
}
