import { sql, type Kysely, type Migration } from 'kysely';
import { speciesKey } from '@fj/contract/text-fold';
import type { DialectName } from '../dialect.ts';
import { inOneTransaction } from './in-one-transaction.ts';

/**
 * Finds on an entry (docs/behaviour.md#finds). An entry's `details` named its species
 * (`species: [...]`); from here on it holds `finds: [{ species, quantity?, unit? }]`, one per
 * species (species that fold alike, speciesKey, are one: the first spelling stays), and
 * `nothingFound`. Each species becomes a find without a quantity; `abundance` stays as it is.
 *
 * `entry_finds` is derived from the details, one row per find, indexed for the queries by
 * species and season. Every existing entry's finds are written there.
 *
 * The entries that change are stamped with a new revision of their user (and so are their
 * locations), so GET /sync carries them to every device; the journal byte count follows the
 * details' new length. Entries are read a page at a time by id, and written in statements of a
 * bounded number of rows, so 200,000 entries take a few seconds and bounded memory.
 */
export function entryFinds(dialect: DialectName): Migration {
  return {
    up: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        await createTable(trx);
        // Users with entries that change: their revision goes up by one, first.
        await sql`update sync_revisions set revision = revision + 1
          where user_id in (select user_id from entries where ${legacy})`.execute(trx);
        const bytes = new Map<string, number>();
        await eachPage(trx, legacy, async (page) => {
          const changed = page.map((entry) => ({ entry, details: migratedDetails(entry.details) }));
          for (const { entry, details } of changed) {
            const delta = Buffer.byteLength(details) - Buffer.byteLength(entry.details);
            bytes.set(entry.user_id, (bytes.get(entry.user_id) ?? 0) + delta);
          }
          await writeDetails(trx, changed);
          // Only these entries have finds: before this migration no entry had any other way.
          await insertRows(
            trx,
            changed.flatMap(({ entry, details }) => findRows({ ...entry, details })),
          );
        });
        // No row had the new revision before: the entries stamped with it are the changed ones.
        await sql`update locations set revision = s.revision from sync_revisions s
          where s.user_id = locations.user_id and exists (select 1 from entries e
            where e.location_id = locations.id and e.user_id = s.user_id
              and e.revision = s.revision)`.execute(trx);
        for (const [userId, delta] of bytes) {
          await sql`update sync_revisions set journal_bytes = journal_bytes + ${delta}
            where user_id = ${userId}`.execute(trx);
        }
      }),
    down: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        await trx.schema.dropTable('entry_finds').execute();
        // Back to a species list: quantities, units and nothingFound are lost.
        await eachPage(
          trx,
          sql`details like ${'%"finds"%'} or details like ${'%"nothingFound"%'}`,
          (page) =>
            writeDetails(
              trx,
              page.map((entry) => ({ entry, details: speciesDetails(entry.details) })),
            ),
        );
      }),
  };
}

async function createTable(trx: Kysely<unknown>): Promise<void> {
  await trx.schema
    .createTable('entry_finds')
    .addColumn('entry_id', 'text', (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('location_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('species', 'text', (c) => c.notNull())
    .addColumn('species_key', 'text', (c) => c.notNull())
    .addColumn('quantity', 'real')
    .addColumn('unit', 'text')
    .addPrimaryKeyConstraint('entry_finds_pk', ['entry_id', 'species_key'])
    .execute();
  await trx.schema
    .createIndex('entry_finds_user_species_date_idx')
    .on('entry_finds')
    .columns(['user_id', 'species_key', 'date'])
    .execute();
  await trx.schema
    .createIndex('entry_finds_user_location_idx')
    .on('entry_finds')
    .columns(['user_id', 'location_id'])
    .execute();
}

/**
 * Entries written before: their details name `species` (the key, at the top level of the
 * object; a note quoting it matches too and is rewritten as it was).
 */
const legacy = sql`details like ${'%"species"%'}`;

interface EntryRow {
  id: string;
  user_id: string;
  location_id: string;
  date: string;
  details: string;
}

const pageSize = 1000;

/** Every entry the condition picks, a page at a time in id order. */
async function eachPage(
  trx: Kysely<unknown>,
  where: ReturnType<typeof sql>,
  work: (page: EntryRow[]) => Promise<void>,
): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<EntryRow>`
      select id, user_id, location_id, date, details from entries
      where id > ${after} and (${where}) order by id limit ${pageSize}`.execute(trx);
    if (rows.length > 0) await work(rows);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

interface StoredFind {
  species: string;
  quantity?: number;
  unit?: string;
}
type Details = Record<string, unknown> & { species?: unknown; finds?: StoredFind[] };

/** Each species once by speciesKey, the first spelling kept. */
function uniqueSpecies(species: unknown): string[] {
  const names = Array.isArray(species)
    ? species.filter((name): name is string => typeof name === 'string')
    : [];
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = speciesKey(name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function migratedDetails(text: string): string {
  const { species, ...rest } = JSON.parse(text) as Details;
  if (species === undefined) return text;
  const finds = uniqueSpecies(species).map((name) => ({ species: name }));
  return JSON.stringify(finds.length > 0 ? { finds, ...rest } : rest);
}

function speciesDetails(text: string): string {
  const { finds, ...rest } = JSON.parse(text) as Details;
  delete rest.nothingFound;
  return JSON.stringify({ ...(finds ? { species: finds.map((f) => f.species) } : {}), ...rest });
}

function findRows(entry: EntryRow) {
  const details = JSON.parse(entry.details) as Details;
  return (details.finds ?? []).map((find) => ({
    entry_id: entry.id,
    user_id: entry.user_id,
    location_id: entry.location_id,
    date: entry.date,
    species: find.species,
    species_key: speciesKey(find.species),
    quantity: find.quantity ?? null,
    unit: find.unit ?? null,
  }));
}

/** Rows per statement, the last repeated up to it (few SQL texts; the repeats write nothing). */
const rowsPerStatement = 128;

function padded<T>(rows: readonly T[]): T[] {
  const last = rows[rows.length - 1];
  return last === undefined
    ? []
    : [...rows, ...Array.from({ length: rowsPerStatement - rows.length }, () => last)];
}

async function writeDetails(
  trx: Kysely<unknown>,
  changed: readonly { entry: EntryRow; details: string }[],
): Promise<void> {
  const rows = changed.filter(({ entry, details }) => details !== entry.details);
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const values = padded(rows.slice(start, start + rowsPerStatement)).map(
      ({ entry, details }) => sql`(${entry.id}, ${details})`,
    );
    // VALUES names its columns column1, column2, … on both dialects.
    await sql`
      update entries set details = v.column2,
        revision = coalesce((select s.revision from sync_revisions s
          where s.user_id = entries.user_id), entries.revision)
      from (values ${sql.join(values)}) as v
      where entries.id = v.column1`.execute(trx);
  }
}

async function insertRows(
  trx: Kysely<unknown>,
  rows: readonly ReturnType<typeof findRows>[number][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const values = padded(rows.slice(start, start + rowsPerStatement)).map(
      (row) =>
        sql`(${row.entry_id}, ${row.user_id}, ${row.location_id}, ${row.date}, ${row.species}, ${row.species_key}, ${row.quantity}, ${row.unit})`,
    );
    await sql`
      insert into entry_finds
        (entry_id, user_id, location_id, date, species, species_key, quantity, unit)
      values ${sql.join(values)}
      on conflict do nothing`.execute(trx);
  }
}
