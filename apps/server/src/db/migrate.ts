import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import type { DialectName } from './dialect.ts';
import { identityTables } from './migrations/0001-identity-tables.ts';
import { journalTables } from './migrations/0002-journal-tables.ts';

function provider(dialect: DialectName): MigrationProvider {
  return {
    getMigrations: async () => ({
      '0001-identity-tables': identityTables(dialect),
      '0002-journal-tables': journalTables(),
    }),
  };
}

/** Brings the schema up to date; called on every start. */
export async function migrateToLatest(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const migrator = new Migrator({ db, provider: provider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
}
