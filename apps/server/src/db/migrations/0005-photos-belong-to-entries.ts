import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { inOneTransaction } from './in-one-transaction.ts';

/**
 * An entry's photos were kept twice: the entry's `photo_paths` (a JSON list, which the API
 * answered, in its order) and `photos.entry_id` (no foreign key). From here on the photo row
 * alone says it: `entry_id` references the entry (on delete cascade, so deleting an entry, its
 * location or its user deletes the rows; the service and the sweeper still delete the files),
 * `position` keeps the order, and `photo_paths` goes.
 *
 * `photo_paths` was the truth the API showed, so it decides: a listed photo becomes its entry's,
 * in the listed order (numbered from 0, skipping paths with no photo row of the entry's user,
 * which the API never showed). Every other photo is left unattached, for the sweeper to remove
 * with its files: one naming an entry that no longer exists, or one an entry held without
 * listing it (the API never showed those either).
 *
 * SQLite cannot add a foreign key to a column: the photos table is rebuilt. PostgreSQL alters it.
 */
export function photosBelongToEntries(dialect: DialectName): Migration {
  return {
    up: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        const links = photoLinks(await readEntryPhotoPaths(trx), await readPhotoOwners(trx));
        // Both leave every entry_id empty, since the old ones may name entries long gone.
        if (dialect === 'sqlite') await rebuildSqlitePhotos(trx, 'with entry link');
        else await linkPostgresPhotos(trx);
        await writePhotoLinks(trx, links);
        await trx.schema.alterTable('entries').dropColumn('photo_paths').execute();
        await checkSqliteForeignKeys(trx, dialect);
      }),
    down: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        // With a default, unlike 0002's column: SQLite adds a not-null column only with one.
        await trx.schema
          .alterTable('entries')
          .addColumn('photo_paths', 'text', (c) => c.notNull().defaultTo('[]'))
          .execute();
        await writeEntryPhotoPaths(trx);
        if (dialect === 'sqlite') await rebuildSqlitePhotos(trx, 'without entry link');
        else await unlinkPostgresPhotos(trx);
        await checkSqliteForeignKeys(trx, dialect);
      }),
  };
}

interface EntryPhotoPaths {
  id: string;
  user_id: string;
  photo_paths: string;
}

interface PhotoOwner {
  id: string;
  user_id: string;
  file_path: string;
  entry_id: string | null;
}

interface PhotoLink {
  photoId: string;
  entryId: string;
  position: number;
}

async function readEntryPhotoPaths(db: Kysely<unknown>): Promise<EntryPhotoPaths[]> {
  const { rows } = await sql<EntryPhotoPaths>`
    select id, user_id, photo_paths from entries order by id`.execute(db);
  return rows;
}

async function readPhotoOwners(db: Kysely<unknown>): Promise<PhotoOwner[]> {
  const { rows } = await sql<PhotoOwner>`
    select id, user_id, file_path, entry_id from photos`.execute(db);
  return rows;
}

/** The listed paths, each once; a value that is not a list of paths lists nothing. */
function listedPaths(photoPaths: string): string[] {
  try {
    const value: unknown = JSON.parse(photoPaths);
    return Array.isArray(value)
      ? [...new Set(value.filter((path): path is string => typeof path === 'string'))]
      : [];
  } catch {
    return [];
  }
}

/**
 * Which entry each listed photo belongs to, and where. A photo listed by two entries (the old
 * code refused that, but the schema did not) goes to the one its entry_id names, else the first.
 */
function photoLinks(
  entries: readonly EntryPhotoPaths[],
  photos: readonly PhotoOwner[],
): PhotoLink[] {
  const photoAt = new Map(photos.map((photo) => [`${photo.user_id}\n${photo.file_path}`, photo]));
  const listed = entries.map((entry) => ({
    entry,
    photos: listedPaths(entry.photo_paths).flatMap((path) => {
      const photo = photoAt.get(`${entry.user_id}\n${path}`);
      return photo ? [photo] : [];
    }),
  }));
  const owner = new Map<string, string>();
  for (const { entry, photos: listedPhotos } of listed) {
    for (const photo of listedPhotos) {
      const current = owner.get(photo.id);
      if (current === undefined || (photo.entry_id === entry.id && current !== photo.entry_id)) {
        owner.set(photo.id, entry.id);
      }
    }
  }
  return listed.flatMap(({ entry, photos: listedPhotos }) =>
    listedPhotos
      .filter((photo) => owner.get(photo.id) === entry.id)
      .map((photo, position) => ({ photoId: photo.id, entryId: entry.id, position })),
  );
}

/** Rows per statement: 3 parameters each, far below either dialect's limit. */
const chunkSize = 200;

/** Sets the links on photos that are all unattached, a chunk of rows per statement. */
async function writePhotoLinks(db: Kysely<unknown>, links: readonly PhotoLink[]): Promise<void> {
  for (let start = 0; start < links.length; start += chunkSize) {
    const values = links
      .slice(start, start + chunkSize)
      .map((link) => sql`(${link.photoId}, ${link.entryId}, ${link.position})`);
    // VALUES names its columns column1, column2, … on both dialects.
    await sql`
      update photos
      set entry_id = v.column2, position = cast(v.column3 as integer)
      from (values ${sql.join(values)}) as v
      where photos.id = v.column1`.execute(db);
  }
}

/** Down: each entry lists its photos again, in their order. */
async function writeEntryPhotoPaths(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ entry_id: string; file_path: string }>`
    select entry_id, file_path from photos
    where entry_id is not null
    order by entry_id, position, id`.execute(db);
  const pathsOf = new Map<string, string[]>();
  for (const row of rows) {
    const paths = pathsOf.get(row.entry_id);
    if (paths) paths.push(row.file_path);
    else pathsOf.set(row.entry_id, [row.file_path]);
  }
  const lists = [...pathsOf].map(([entryId, paths]) => sql`(${entryId}, ${JSON.stringify(paths)})`);
  for (let start = 0; start < lists.length; start += chunkSize) {
    await sql`
      update entries set photo_paths = v.column2
      from (values ${sql.join(lists.slice(start, start + chunkSize))}) as v
      where entries.id = v.column1`.execute(db);
  }
}

async function linkPostgresPhotos(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('position', 'integer').execute();
  await sql`update photos set entry_id = null`.execute(db);
  await db.schema
    .alterTable('photos')
    .addForeignKeyConstraint('photos_entry_id_fkey', ['entry_id'], 'entries', ['id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await createEntryIndex(db);
}

async function unlinkPostgresPhotos(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('photos_entry_idx').execute();
  await db.schema.alterTable('photos').dropConstraint('photos_entry_id_fkey').execute();
  await db.schema.alterTable('photos').dropColumn('position').execute();
}

/** The columns both shapes of the photos table share, copied as they are. */
const keptColumns = sql.raw(
  'id, user_id, file_path, thumbnail_file_path, name, size, width, height, uploaded_at, stored_bytes',
);

/**
 * SQLite's way to change a column's constraints: a new table, the rows copied, the old one
 * dropped and the new one renamed. Nothing references photos, so foreign keys may stay on.
 * Up, entry_id starts empty (writePhotoLinks fills it); down, it keeps the links.
 */
async function rebuildSqlitePhotos(
  db: Kysely<unknown>,
  shape: 'with entry link' | 'without entry link',
): Promise<void> {
  const linked = shape === 'with entry link';
  const table = db.schema
    .createTable('photos_new')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('file_path', 'text', (c) => c.notNull().unique())
    .addColumn('entry_id', 'text', (c) =>
      linked ? c.references('entries.id').onDelete('cascade') : c,
    )
    .addColumn('thumbnail_file_path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('stored_bytes', 'integer', (c) => c.notNull().defaultTo(0));
  await (linked ? table.addColumn('position', 'integer') : table).execute();
  const entryId = linked ? sql.raw('null') : sql.ref('entry_id');
  await sql`
    insert into photos_new (${keptColumns}, entry_id)
    select ${keptColumns}, ${entryId} from photos`.execute(db);
  await db.schema.dropTable('photos').execute();
  await db.schema.alterTable('photos_new').renameTo('photos').execute();
  await db.schema.createIndex('photos_user_idx').on('photos').column('user_id').execute();
  await db.schema
    .createIndex('photos_unattached_idx')
    .on('photos')
    .column('uploaded_at')
    .where(sql.ref('entry_id'), 'is', null)
    .execute();
  if (linked) await createEntryIndex(db);
}

/** Serves an entry's photos in order, and the cascade from a deleted entry. */
async function createEntryIndex(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('photos_entry_idx')
    .on('photos')
    .columns(['entry_id', 'position'])
    .execute();
}

/** Rows that break a foreign key (SQLite checks only rows it writes); none is expected. */
async function checkSqliteForeignKeys(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'sqlite') return;
  const { rows } = await sql`pragma foreign_key_check`.execute(db);
  if (rows.length > 0) throw new Error(`foreign key check failed: ${JSON.stringify(rows)}`);
}
