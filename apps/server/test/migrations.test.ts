import { getMigrations } from 'better-auth/db/migration';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { databaseKinds } from './helpers/databases.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(databaseKinds)('schema on $name', (kind) => {
  const t = useTestApp(kind);

  it('leaves better-auth nothing to create or add: our migration matches its schema', async () => {
    const pending = await getMigrations(t.app.identity.options);
    expect(pending.toBeCreated.map((table) => table.table)).toEqual([]);
    expect(pending.toBeAdded.map((table) => [table.table, Object.keys(table.fields)])).toEqual([]);
  });

  it('records every migration, and running them again changes nothing', async () => {
    await migrateToLatest(t.app.db as unknown as Kysely<unknown>, t.app.dialect);
    const names = await t.app.db
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
  });

  it('removes every row of a user when the user is deleted (foreign keys are on)', async () => {
    const user = await t.signUp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: user.auth,
      payload: { name: 'Birch bog', position: { lat: 60, lng: 15 }, treeTypes: ['Birch'] },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/locations/${res.json<{ id: string }>().id}/entries`,
      headers: user.auth,
      payload: { date: '2026-08-30' },
    });
    await t.app.inject({ method: 'GET', url: '/api/v1/preferences', headers: user.auth });
    // A deleted location leaves a tombstone (for GET /sync).
    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: user.auth,
      payload: { name: 'Gone', position: { lat: 61, lng: 16 } },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/locations/${gone.json<{ id: string }>().id}`,
      headers: user.auth,
    });
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shares',
      headers: user.auth,
      payload: {
        locationIds: [res.json<{ id: string }>().id],
        audience: { email: 'friend@example.com' },
        precision: 'km1',
        dates: 'month',
      },
    });
    expect(shared.statusCode).toBe(201);
    const tables = [
      'locations',
      'entries',
      'sync_revisions',
      'sync_tombstones',
      'shares',
      'search_spots',
      'search_labels',
      'search_visits',
    ] as const;
    const rowsOf = (table: (typeof tables)[number]) =>
      t.app.db.selectFrom(table).select('user_id').where('user_id', '=', user.id).execute();
    for (const table of tables) expect(await rowsOf(table), table).not.toEqual([]);
    await t.app.db.deleteFrom('user').where('id', '=', user.id).execute();
    for (const table of tables) expect(await rowsOf(table), table).toEqual([]);
    const prefs = await t.app.db
      .selectFrom('preferences')
      .select('id')
      .where('id', '=', user.id)
      .execute();
    expect(prefs).toEqual([]);
  });
});
