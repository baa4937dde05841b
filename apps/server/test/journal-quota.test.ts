import { randomUUID } from 'node:crypto';
import type { Location } from '@fj/contract/locations';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { errorOf } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import type { TestApp, TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** QUOTA_JOURNAL_BYTES_PER_USER in these tests: a few small spots. */
const maxBytes = 4_000;
/** Concurrent creates fired at a quota with room for one: exactly one may get it. */
const racers = 20;

/** The columns the quota counts (docs/behaviour.md#quotas), recounted here from the rows. */
const counted = {
  locations: ['id', 'user_id', 'name', 'description', 'details', 'created_at', 'updated_at'],
  entries: ['id', 'location_id', 'user_id', 'date', 'details', 'created_at', 'updated_at'],
} as const;

/** Text that is not ASCII, so that bytes and characters differ (é: 2 bytes, 🍄: 4). */
const mushrooms = 'Kantarell é 🍄';

function expectQuotaAnswer(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(403);
  const error = errorOf(res);
  expect(error.code).toBe('QUOTA_EXCEEDED');
  expect(error.message).toContain('journal');
}

function statusCounts(answers: readonly LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
}

describe.each(databaseKinds)('journal byte quota on $name', (kind) => {
  const t = useTestApp(kind, {
    env: { QUOTA_JOURNAL_BYTES_PER_USER: String(maxBytes), QUOTA_LOCATIONS_PER_USER: '1000' },
  });

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: TestUser, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who.auth,
      ...(payload ? { payload } : {}),
    });
  const importFile = (who: TestUser, geojson: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/import?format=geojson',
      headers: { ...who.auth, 'content-type': 'application/octet-stream' },
      payload: JSON.stringify(geojson),
    });

  /** The count the server keeps (the API does not show it). */
  async function counter(who: TestUser): Promise<number> {
    const row = await t.app.db
      .selectFrom('sync_revisions')
      .select('journal_bytes')
      .where('user_id', '=', who.id)
      .executeTakeFirst();
    return Number(row?.journal_bytes ?? 0);
  }
  /** The same count made afresh from the user's rows. */
  async function recount(who: TestUser): Promise<number> {
    let bytes = 0;
    for (const table of ['locations', 'entries'] as const) {
      const rows = await t.app.db
        .selectFrom(table)
        .selectAll()
        .where('user_id', '=', who.id)
        .execute();
      for (const row of rows as unknown as Record<string, string | null>[])
        for (const column of counted[table]) bytes += Buffer.byteLength(row[column] ?? '');
    }
    return bytes;
  }
  const rowsOf = async (who: TestUser) => ({
    locations: await t.app.db
      .selectFrom('locations')
      .selectAll()
      .where('user_id', '=', who.id)
      .orderBy('id')
      .execute(),
    entries: await t.app.db
      .selectFrom('entries')
      .selectAll()
      .where('user_id', '=', who.id)
      .orderBy('id')
      .execute(),
  });

  /** Grows the location's description until the user has exactly `room` bytes left. */
  async function fillTo(who: TestUser, location: Location, room: number): Promise<void> {
    const description = 'x'.repeat(maxBytes - room - (await counter(who)));
    expect((await call('PUT', `/locations/${location.id}`, who, { description })).statusCode).toBe(
      200,
    );
    expect(await counter(who)).toBe(maxBytes - room);
  }

  it('counts the UTF-8 bytes of every location and entry write, and gives them back on delete', async () => {
    const user = await t.signUp();
    expect(await counter(user)).toBe(0);
    const spot = await seedLocation(t, user, { name: mushrooms, description: mushrooms });
    expect(await counter(user)).toBe(await recount(user));
    expect(await counter(user)).toBeGreaterThan(0);
    const { entry } = await seedEntry(t, user, spot.id, { notes: mushrooms });
    await seedEntry(t, user, spot.id, { notes: `${mushrooms} again` });
    expect(await counter(user)).toBe(await recount(user));

    // Updates that grow and shrink.
    const grew = await call('PUT', `/locations/${spot.id}`, user, {
      species: [mushrooms],
      description: '🍄',
    });
    expect(grew.statusCode, grew.body).toBe(200);
    const shrank = await call('PUT', `/locations/${spot.id}/entries/${entry.id}`, user, {
      notes: '🍄',
    });
    expect(shrank.statusCode, shrank.body).toBe(200);
    expect(await counter(user)).toBe(await recount(user));

    // An import adds its spots and entries, once.
    const imported = await importFile(user, {
      type: 'FeatureCollection',
      features: [1, 2].map((i) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [15 + i, 60] },
        properties: { name: `${mushrooms} ${i}`, entries: [{ date: '2026-05-01', notes: 'é' }] },
      })),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await counter(user)).toBe(await recount(user));

    // Deleting an entry, then a location with its entries (counted in SQL), gives every byte back.
    expect(
      (await call('DELETE', `/locations/${spot.id}/entries/${entry.id}`, user)).statusCode,
    ).toBe(200);
    expect(await counter(user)).toBe(await recount(user));
    for (const location of (await rowsOf(user)).locations)
      expect((await call('DELETE', `/locations/${location.id}`, user)).statusCode).toBe(204);
    expect(await counter(user)).toBe(0);
  });

  it('refuses location and entry creates, growing updates and imports past the quota, writing nothing', async () => {
    const user = await t.signUp();
    const spot = await seedLocation(t, user, { name: 'Full' });
    const { entry } = await seedEntry(t, user, spot.id, { notes: 'short' });
    // Less room than any new row takes (ids and times alone are over 100 bytes).
    await fillTo(user, spot, 100);
    const before = await rowsOf(user);
    const description = before.locations[0]?.description ?? '';

    expectQuotaAnswer(
      await call('POST', '/locations', user, { name: 'More', position: { lat: 60, lng: 15 } }),
    );
    expectQuotaAnswer(
      await call('POST', `/locations/${spot.id}/entries`, user, { date: '2026-05-02' }),
    );
    expectQuotaAnswer(
      await call('PUT', `/locations/${spot.id}`, user, {
        description: `${description}${'y'.repeat(101)}`,
      }),
    );
    expectQuotaAnswer(
      await call('PUT', `/locations/${spot.id}/entries/${entry.id}`, user, {
        notes: 'n'.repeat(200),
      }),
    );
    const refusedImport = await importFile(user, {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [16, 61] },
          properties: { name: 'Imported' },
        },
      ],
    });
    expectQuotaAnswer(refusedImport);
    expect(errorOf(refusedImport).message).toMatch(/needs \d+ bytes and 100 bytes are left/);
    // Nothing was written, and the count is where it was.
    expect(await rowsOf(user)).toEqual(before);
    expect(await counter(user)).toBe(maxBytes - 100);
    expect(await recount(user)).toBe(maxBytes - 100);

    // Growing up to the quota exactly is allowed; shrinking always is.
    const grown = await call('PUT', `/locations/${spot.id}/entries/${entry.id}`, user, {
      notes: `short${'n'.repeat(100)}`,
    });
    expect(grown.statusCode, grown.body).toBe(200);
    expect(await counter(user)).toBe(maxBytes);
    expect(
      (await call('PUT', `/locations/${spot.id}`, user, { description: 'small' })).statusCode,
    ).toBe(200);
    expect(await counter(user)).toBe(await recount(user));

    // Deleting frees the room for new rows.
    expect(
      (
        await call('POST', '/locations', user, {
          name: 'Now it fits',
          position: { lat: 60, lng: 15 },
        })
      ).statusCode,
    ).toBe(201);
    expect(await counter(user)).toBe(await recount(user));

    // The quota is per account.
    const other = await t.signUp();
    expect(
      (await call('POST', '/locations', other, { name: 'Mine', position: { lat: 1, lng: 1 } }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a restore whose journal does not fit, writing nothing', async () => {
    const owner = await t.signUp();
    const spot = await seedLocation(t, owner, {
      name: 'Backed up',
      description: 'b'.repeat(1_500),
    });
    await seedEntry(t, owner, spot.id, { notes: 'backed up' });
    const backup = await t.app.inject({
      method: 'GET',
      url: '/api/v1/backup',
      headers: owner.auth,
    });
    expect(backup.statusCode).toBe(200);

    const user = await t.signUp();
    const mine = await seedLocation(t, user, { name: 'Mine' });
    await fillTo(user, mine, 1_000);
    const before = await rowsOf(user);
    const restore = (who: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/import',
        headers: { ...who.auth, 'content-type': 'application/zip' },
        payload: backup.rawPayload,
      });
    expectQuotaAnswer(await restore(user));
    expect(await rowsOf(user)).toEqual(before);
    expect(await counter(user)).toBe(maxBytes - 1_000);

    // Into an empty account it fits, and is counted.
    const fresh = await t.signUp();
    expect((await restore(fresh)).statusCode).toBe(200);
    expect(await counter(fresh)).toBe(await recount(fresh));
    expect(await counter(fresh)).toBeGreaterThan(1_500);
  });

  /**
   * On PostgreSQL, holds every insert into `table` while the racers start, then lets them go (as
   * quotas.test.ts does). On SQLite the one connection makes transactions take turns anyway.
   */
  async function racing<T>(app: TestApp, table: 'locations' | 'entries', start: () => Promise<T>) {
    if (app.config.database.kind !== 'postgres') return start();
    const holder = new pg.Client({ connectionString: app.config.database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`lock table ${table} in share row exclusive mode`);
      const answers = start();
      const blocked = async () =>
        Number(
          (
            await holder.query<{ n: string }>(
              'select count(*) as n from pg_locks where relation = $1::regclass and not granted',
              [table],
            )
          ).rows[0]?.n,
        );
      while ((await blocked()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holder.query('commit');
      return await answers;
    } finally {
      await holder.end();
    }
  }

  /** The bytes the row made by `create` counts, found by making one and deleting it again. */
  async function probe(who: TestUser, create: () => Promise<LightMyRequestResponse>, url: string) {
    const before = await counter(who);
    const res = await create();
    expect(res.statusCode, res.body).toBe(201);
    const bytes = (await counter(who)) - before;
    expect(
      (await call('DELETE', url.replace(':id', res.json<{ id: string }>().id), who)).statusCode,
    ).toBeLessThan(300);
    return bytes;
  }

  it('never passes the quota under 20 concurrent location creates or entry creates', async () => {
    const user = await t.signUp();
    const spot = await seedLocation(t, user, { name: 'Racing' });
    const newSpot = (i: number) =>
      call('POST', '/locations', user, {
        id: randomUUID(),
        name: `R${i % 10}`,
        position: { lat: 60, lng: 15 },
      });
    const spotBytes = await probe(user, () => newSpot(0), '/locations/:id');
    // Room for one more such location, not two.
    await fillTo(user, spot, Math.floor(spotBytes * 1.5));
    const locations = await racing(t, 'locations', () =>
      Promise.all(Array.from({ length: racers }, (_, i) => newSpot(i))),
    );
    expect(statusCounts(locations)).toEqual({ 201: 1, 403: racers - 1 });
    expect(await counter(user)).toBe(await recount(user));
    expect(await counter(user)).toBeLessThanOrEqual(maxBytes);

    const other = await t.signUp();
    const place = await seedLocation(t, other, { name: 'Entries' });
    const newEntry = (id = randomUUID()) =>
      call('POST', `/locations/${place.id}/entries`, other, { id, date: '2026-05-03' });
    const probeId = randomUUID();
    const entryBytes = await probe(
      other,
      () => newEntry(probeId),
      `/locations/${place.id}/entries/${probeId}`,
    );
    await fillTo(other, place, Math.floor(entryBytes * 1.5));
    const entries = await racing(t, 'entries', () =>
      Promise.all(Array.from({ length: racers }, () => newEntry())),
    );
    expect(statusCounts(entries)).toEqual({ 201: 1, 403: racers - 1 });
    expect(await counter(other)).toBe(await recount(other));
    expect(await counter(other)).toBeLessThanOrEqual(maxBytes);
  });
});
