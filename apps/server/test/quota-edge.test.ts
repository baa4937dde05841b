import { randomUUID } from 'node:crypto';
import type { Location } from '@fj/contract/locations';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { errorOf } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation, seedPhoto } from './helpers/seed.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/**
 * Creates at the edge of each quota, 50 at once from one user. On PostgreSQL a plain create is
 * one statement whose quota check reads the snapshot it started with (docs/architecture.md#revisions):
 * none of these may pass a quota however they interleave, and the journal's byte count must
 * stay the count of its rows.
 */
const racers = 50;
const maxLocations = 10;
const maxEntries = 10;

function statusCounts(answers: readonly LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
}

function expectQuota(answers: readonly LightMyRequestResponse[], mentions: string) {
  const refused = answers.find((res) => res.statusCode === 403);
  expect(refused && errorOf(refused).code).toBe('QUOTA_EXCEEDED');
  expect(refused && errorOf(refused).message).toContain(mentions);
}

const columns = {
  locations: ['id', 'user_id', 'name', 'description', 'details', 'created_at', 'updated_at'],
  entries: ['id', 'location_id', 'user_id', 'date', 'details', 'created_at', 'updated_at'],
} as const;

describe.each(databaseKinds)('creates at the quota edge on $name', (kind) => {
  const t = useTestApp(kind, {
    env: {
      QUOTA_LOCATIONS_PER_USER: String(maxLocations),
      QUOTA_ENTRIES_PER_LOCATION: String(maxEntries),
      QUOTA_JOURNAL_BYTES_PER_USER: '20000',
    },
  });
  const post = (who: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: who.auth, payload });
  const all = (make: (i: number) => Promise<LightMyRequestResponse>) =>
    Promise.all(Array.from({ length: racers }, (_, i) => make(i)));
  /**
   * On PostgreSQL, holds every insert into `table` while the racers start, then lets them go:
   * the first waits there holding the user's row, the others start their statements (and take
   * their snapshots) meanwhile and wait for that row. Without the check that the revision is
   * still the snapshot's, each would count what its snapshot saw and pass the quota.
   */
  async function racing(
    table: 'locations' | 'entries',
    start: () => Promise<LightMyRequestResponse[]>,
  ) {
    if (t.config.database.kind !== 'postgres') return start();
    const holder = new pg.Client({ connectionString: t.config.database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`lock table ${table} in share row exclusive mode`);
      const answers = start();
      const waiting = async () =>
        Number(
          (
            await holder.query<{ n: string }>(
              'select count(*) as n from pg_locks where relation = $1::regclass and not granted',
              [table],
            )
          ).rows[0]?.n,
        );
      while ((await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 500));
      await holder.query('commit');
      return await answers;
    } finally {
      await holder.end();
    }
  }
  const rowsOf = (table: 'locations' | 'entries', who: TestUser) =>
    t.app.db.selectFrom(table).selectAll().where('user_id', '=', who.id).execute();

  /** The user's revision and byte count as kept, and the bytes recounted from the rows. */
  async function books(who: TestUser) {
    const kept = await t.app.db
      .selectFrom('sync_revisions')
      .select(['revision', 'journal_bytes'])
      .where('user_id', '=', who.id)
      .executeTakeFirstOrThrow();
    let bytes = 0;
    for (const table of ['locations', 'entries'] as const)
      for (const row of (await rowsOf(table, who)) as unknown as Record<string, string | null>[])
        for (const column of columns[table]) bytes += Buffer.byteLength(row[column] ?? '');
    return { revision: Number(kept.revision), kept: Number(kept.journal_bytes), bytes };
  }

  it('makes one location of 50 with one place left, and raises the revision once', async () => {
    const user = await t.signUp();
    for (let i = 0; i < maxLocations - 1; i++) await seedLocation(t, user, { name: `Spot ${i}` });
    const before = await books(user);
    const answers = await racing('locations', () =>
      all((i) => post(user, '/locations', { name: `Racer ${i}`, position: { lat: 60, lng: 15 } })),
    );
    expect(statusCounts(answers)).toEqual({ 201: 1, 403: racers - 1 });
    expectQuota(answers, `${maxLocations} locations`);
    expect(await rowsOf('locations', user)).toHaveLength(maxLocations);
    const after = await books(user);
    expect(after.revision).toBe(before.revision + 1);
    expect(after.kept).toBe(after.bytes);
  });

  it('makes one entry of 50 with one place left in the location', async () => {
    const user = await t.signUp();
    const spot = await seedLocation(t, user);
    for (let i = 0; i < maxEntries - 1; i++) await seedEntry(t, user, spot.id);
    const answers = await racing('entries', () =>
      all(() => post(user, `/locations/${spot.id}/entries`, { date: '2026-09-01', notes: 'x' })),
    );
    expect(statusCounts(answers)).toEqual({ 201: 1, 403: racers - 1 });
    expectQuota(answers, `${maxEntries} entries`);
    expect(await rowsOf('entries', user)).toHaveLength(maxEntries);
    const made = answers.find((res) => res.statusCode === 201)?.json<{ location: Location }>();
    expect(made?.location.entries).toHaveLength(maxEntries);
    const after = await books(user);
    expect(after.kept).toBe(after.bytes);
  });

  it('fills the journal byte quota to no more than it holds under 50 creates of each kind', async () => {
    const user = await t.signUp();
    const spots = [await seedLocation(t, user), await seedLocation(t, user)];
    // Notes of 1,000 bytes: the 20,000-byte quota holds some of the 50, never all.
    const notes = 'n'.repeat(1000);
    const entries = await racing('entries', () =>
      all((i) =>
        post(user, `/locations/${spots[i % 2]?.id}/entries`, { date: '2026-09-02', notes }),
      ),
    );
    const counts = statusCounts(entries);
    expect(counts[201]).toBeGreaterThan(0);
    expect((counts[201] ?? 0) + (counts[403] ?? 0)).toBe(racers);
    let after = await books(user);
    expect(after.kept).toBe(after.bytes);
    expect(after.kept).toBeLessThanOrEqual(20_000);
    expect(after.kept + 1100).toBeGreaterThan(20_000);

    // The locations quota is not reached: each refusal is the journal's.
    const description = 'd'.repeat(400);
    const locations = await racing('locations', () =>
      all((i) =>
        post(user, '/locations', { name: `L${i}`, description, position: { lat: 1, lng: 2 } }),
      ),
    );
    for (const res of locations)
      if (res.statusCode === 403) expect(errorOf(res).message).toContain('journal');
    after = await books(user);
    expect(after.kept).toBe(after.bytes);
    expect(after.kept).toBeLessThanOrEqual(20_000);
  });

  it('makes all 50 when they fit, each answer holding its own entry and photo', async () => {
    const user = await t.signUp();
    const spot = await seedLocation(t, user);
    const photos = await Promise.all(Array.from({ length: 5 }, () => seedPhoto(t, user)));
    const before = await books(user);
    const bodies = Array.from({ length: maxEntries - 1 }, (_, i) => ({
      id: randomUUID(),
      date: `2026-09-${String(10 + i).padStart(2, '0')}`,
      finds: [{ species: `Species ${i}`, quantity: i + 1, unit: 'count' as const }],
      ...(i < photos.length ? { photos: [{ filePath: photos[i]?.filePath ?? '' }] } : {}),
    }));
    const answers = await Promise.all(
      bodies.map((body) => post(user, `/locations/${spot.id}/entries`, body)),
    );
    expect(statusCounts(answers)).toEqual({ 201: bodies.length });
    bodies.forEach((body, i) => {
      const entry = answers[i]
        ?.json<{ location: Location }>()
        .location.entries.find((e) => e.id === body.id);
      expect(entry?.finds).toEqual(body.finds);
      expect(entry?.photos.map((p) => p.filePath)).toEqual(
        body.photos?.map((p) => p.filePath) ?? [],
      );
    });
    const after = await books(user);
    expect(after.revision).toBe(before.revision + bodies.length);
    expect(after.kept).toBe(after.bytes);
  });

  it('answers a create with the location as it is read afterwards, and a retry with the same', async () => {
    const user = await t.signUp();
    const spot = await seedLocation(t, user);
    await seedEntry(t, user, spot.id, {
      photos: [{ filePath: (await seedPhoto(t, user)).filePath }],
    });
    const photo = await seedPhoto(t, user);
    const body = {
      id: randomUUID(),
      date: '2026-09-03',
      species: ['Chanterelle'],
      photos: [photo],
    };
    const made = await post(user, `/locations/${spot.id}/entries`, body);
    expect(made.statusCode).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/locations',
      headers: user.auth,
    });
    const read = list.json<{ data: Location[] }>().data.find((l) => l.id === spot.id);
    expect(made.json<{ location: Location }>().location).toEqual(read);
    const retried = await post(user, `/locations/${spot.id}/entries`, body);
    expect(retried.json<{ location: Location }>().location).toEqual(read);
  });
});
