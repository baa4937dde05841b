import {
  Migrator,
  sql,
  type Kysely,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import type { DialectName } from './dialect.ts';
import { identityTables } from './migrations/0001-identity-tables.ts';
import { journalTables } from './migrations/0002-journal-tables.ts';
import { revokedSessions } from './migrations/0003-revoked-sessions.ts';
import { photoStoredBytes } from './migrations/0004-photo-stored-bytes.ts';
import { photosBelongToEntries } from './migrations/0005-photos-belong-to-entries.ts';
import { syncRevisions } from './migrations/0006-sync-revisions.ts';
import { journalBytes } from './migrations/0007-journal-bytes.ts';
import { entryFinds } from './migrations/0008-entry-finds.ts';
import { searchTables } from './migrations/0009-search.ts';
import { shares } from './migrations/0010-shares.ts';
import { shareClaims } from './migrations/0011-share-claims.ts';
import { searchIndexTables } from './migrations/0012-search-index.ts';
import { seasonReads } from './migrations/0013-season-reads.ts';
import { searchFindDates } from './migrations/0014-search-find-dates.ts';
import { dropCoveredIndexes } from './migrations/0015-drop-covered-indexes.ts';

function provider(dialect: DialectName): MigrationProvider {
  return {
    getMigrations: async () => ({
      '0001-identity-tables': identityTables(dialect),
      '0002-journal-tables': journalTables(),
      '0003-revoked-sessions': revokedSessions(),
      '0004-photo-stored-bytes': photoStoredBytes(),
      '0005-photos-belong-to-entries': photosBelongToEntries(dialect),
      '0006-sync-revisions': syncRevisions(dialect),
      '0007-journal-bytes': journalBytes(dialect),
      '0008-entry-finds': entryFinds(dialect),
      '0009-search': searchTables(dialect),
      '0010-shares': shares(dialect),
      '0011-share-claims': shareClaims(),
      '0012-search-index': searchIndexTables(dialect),
      '0013-season-reads': seasonReads(dialect),
      '0014-search-find-dates': searchFindDates(dialect),
      '0015-drop-covered-indexes': dropCoveredIndexes(dialect),
    }),
  };
}

/**
 * Kysely's migrator, told no schema, takes its tables to exist when any schema in the database
 * has them, then fails to find them in ours. On PostgreSQL, name the schema we migrate: the
 * first on the search path, where the migrations create their tables.
 */
async function migrationSchema(
  db: Kysely<unknown>,
  dialect: DialectName,
): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  return rows[0]?.schema ?? undefined;
}

/** The migrator of our migrations. */
async function createMigrator(db: Kysely<unknown>, dialect: DialectName): Promise<Migrator> {
  return new Migrator({
    db,
    provider: provider(dialect),
    migrationTableSchema: await migrationSchema(db, dialect),
  });
}

const attempts = 5;

/**
 * Kysely's migrator looks for its own table by listing the tables of every schema in the
 * database (has_schema_privilege on each schema's name, pg_get_serial_sequence on each column).
 * When another app sharing the database drops a schema, a table or a column meanwhile, that
 * listing fails with 3F000, 42P01 or 42703, which says nothing about our schema: look again.
 * A migration of ours that fails is reported as such (`failed`) and never retried.
 */
async function migrate(
  db: Kysely<unknown>,
  dialect: DialectName,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const { error, results } = await run(await createMigrator(db, dialect));
    const failed = results?.find((result) => result.status === 'Error');
    if (!error && !failed) return;
    if (attempt < attempts && !failed && isOtherSchemaChanging(error)) continue;
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
}

/** invalid_schema_name, undefined_table, undefined_column: another schema changed under the listing. */
const otherSchemaChangedCodes = new Set(['3F000', '42P01', '42703']);

function isOtherSchemaChanging(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    otherSchemaChangedCodes.has(String((error as { code?: unknown }).code))
  );
}

/** Brings the schema up to date; called on every start. */
export function migrateToLatest(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  return migrate(db, dialect, (migrator) => migrator.migrateToLatest());
}

/** Brings the schema up or down to the named migration (tests stop at an older schema). */
export function migrateTo(db: Kysely<unknown>, dialect: DialectName, name: string): Promise<void> {
  return migrate(db, dialect, (migrator) => migrator.migrateTo(name));
}
