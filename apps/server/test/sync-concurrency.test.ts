import { describe, expect, it } from 'vitest';
import { apiClient } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import { listOf, syncOf } from './helpers/sync.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(databaseKinds)('concurrent writes of one user on $name', (kind) => {
  const t = useTestApp(kind);

  it('each get a revision of their own, in turn, none lost and none deadlocked', async () => {
    const user = await t.signUp();
    const call = apiClient(t.app, user.auth);
    const glade = await seedLocation(t, user, { name: 'Glade' });
    const { entry } = await seedEntry(t, user, glade.id);
    const start = await syncOf(t, user);
    const revisionNow = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('sync_revisions')
            .select('revision')
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).revision,
      );
    const before = await revisionNow();

    // All at once, several touching the same location row: every kind of journal write.
    const writes = [
      ...Array.from({ length: 6 }, (_, i) =>
        call('POST', '/locations', { name: `Spot ${i}`, position: { lat: 1, lng: i } }),
      ),
      ...Array.from({ length: 6 }, (_, i) =>
        call('POST', `/locations/${glade.id}/entries`, { date: `2026-06-0${i + 1}` }),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        call('PUT', `/locations/${glade.id}`, { description: `take ${i}` }),
      ),
      ...Array.from({ length: 3 }, (_, i) =>
        call('PUT', `/locations/${glade.id}/entries/${entry.id}`, { notes: `note ${i}` }),
      ),
      call('PUT', '/preferences/terrain', { terrainTypes: ['scree'] }),
    ];
    const answers = await Promise.all(writes);
    expect(answers.map((res) => res.statusCode).filter((status) => status >= 300)).toEqual([]);
    expect(await revisionNow()).toBe(before + writes.length);

    // Every new location carries a revision of its own.
    const rows = await t.app.db
      .selectFrom('locations')
      .select(['name', 'revision'])
      .where('user_id', '=', user.id)
      .where('name', 'like', 'Spot %')
      .execute();
    const revisions = rows.map((row) => Number(row.revision));
    expect(new Set(revisions).size).toBe(6);
    for (const revision of revisions) {
      expect(revision).toBeGreaterThan(before);
      expect(revision).toBeLessThanOrEqual(before + writes.length);
    }

    // And a sync from before them all shows exactly what the list shows.
    const answer = await syncOf(t, user, start.cursor);
    const list = await listOf(t, user);
    expect(answer.cursor).toBe(list.cursor);
    expect(answer.locations.map((l) => l.id).sort()).toEqual(
      list.data
        .filter((l) => l.id === glade.id || l.name.startsWith('Spot '))
        .map((l) => l.id)
        .sort(),
    );
    expect(answer.preferences?.customTerrainTypes).toEqual(['scree']);
  });
});
