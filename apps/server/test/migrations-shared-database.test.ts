import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { useTestApps } from './helpers/use-test-app.ts';

const postgres = databaseKinds.find((kind) => kind.name === 'postgres');

/**
 * Kysely's migrator, told no schema, looks for its own tables in every schema of the database;
 * a second schema then started without tables and failed with "kysely_migration_lock does not
 * exist". A self-hoster may well share one PostgreSQL database between apps or installs.
 */
describe.runIf(postgres)('migrations on a PostgreSQL database shared by schemas', () => {
  const apps = useTestApps();

  it('migrate a schema of their own while another schema already has the tables', async () => {
    if (!postgres) return;
    const first = await apps.start(postgres);
    const second = await apps.start(postgres);
    const names = await second.app.db
      .selectFrom('kysely_migration')
      .select('name')
      .orderBy('name')
      .execute();
    expect(names.map((row) => row.name)).toEqual([
      '0001-identity-tables',
      '0002-journal-tables',
      '0003-revoked-sessions',
      '0004-photo-stored-bytes',
      '0005-photos-belong-to-entries',
      '0006-sync-revisions',
      '0007-journal-bytes',
      '0008-entry-finds',
      '0009-search',
      '0010-shares',
      '0011-share-claims',
      '0012-search-index',
      '0013-season-reads',
      '0014-search-find-dates',
      '0015-drop-covered-indexes',
    ]);
    const user = await second.signUp();
    const res = await second.app.inject({
      method: 'GET',
      url: '/api/v1/locations',
      headers: user.auth,
    });
    expect(res.json()).toEqual({ data: [] });
    // The first schema's users are not the second's.
    const other = await first.signUp();
    const rows = await second.app.db
      .selectFrom('user')
      .select('id')
      .where('id', '=', other.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
