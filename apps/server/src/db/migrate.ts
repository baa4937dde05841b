import { Migrator, sql, type Kysely, type MigrationProvider } from 'kysely';
import type { DialectName } from './dialect.ts';
import { identityTables } from './migrations/0001-identity-tables.ts';
import { journalTables } from './migrations/0002-journal-tables.ts';
import { revokedSessions } from './migrations/0003-revoked-sessions.ts';
import { photoStoredBytes } from './migrations/0004-photo-stored-bytes.ts';

function provider(dialect: DialectName): MigrationProvider {
  return {
    getMigrations: async () => ({
      '0001-identity-tables': identityTables(dialect),
      '0002-journal-tables': journalTables(),
      '0003-revoked-sessions': revokedSessions(),
      '0004-photo-stored-bytes': photoStoredBytes(),
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

/** Brings the schema up to date; called on every start. */
export async function migrateToLatest(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: provider(dialect),
    migrationTableSchema: await migrationSchema(db, dialect),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
}
