import type { Location } from '@fj/contract/locations';
import { defaultPreferences } from '@fj/contract/preferences';
import { describe, expect, it } from 'vitest';
import { createCursorCodec } from '../src/modules/sync/cursor.ts';
import { apiClient, errorOf } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import { listOf, requestSync, syncOf } from './helpers/sync.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe.each(databaseKinds)('GET /sync on $name', (kind) => {
  const t = useTestApp(kind);

  /** A user with two locations, the first holding two entries. */
  async function userWithJournal() {
    const user = await t.signUp();
    const glade = await seedLocation(t, user, { name: 'Glade' });
    const bog = await seedLocation(t, user, { name: 'Bog' });
    const first = await seedEntry(t, user, glade.id, { date: '2026-06-01', notes: 'first' });
    const second = await seedEntry(t, user, glade.id, { date: '2026-06-02', notes: 'second' });
    return { user, glade, bog, entries: [first.entry, second.entry] };
  }

  it('answers everything without since: the list as GET /locations has it, the preferences, full', async () => {
    const { user } = await userWithJournal();
    const list = await listOf(t, user);
    const answer = await syncOf(t, user);
    expect(answer.full).toBe(true);
    expect(answer.locations).toEqual(list.data);
    expect(answer.deleted).toEqual({ locations: [], entries: [] });
    // Nobody wrote preferences yet: the defaults (docs/behaviour.md#defaults).
    expect(answer.preferences).toMatchObject({
      id: user.id,
      customSpeciesCategories: defaultPreferences.customSpeciesCategories,
      showTutorial: true,
    });
    expect(answer.cursor).toBe(list.cursor);
  });

  it('answers nothing since a current cursor, and keeps the cursor', async () => {
    const { user } = await userWithJournal();
    const { cursor } = await listOf(t, user);
    const answer = await syncOf(t, user, cursor);
    expect(answer).toEqual({
      cursor,
      full: false,
      locations: [],
      deleted: { locations: [], entries: [] },
    });
  });

  it('answers a location made since the cursor, and none of those unchanged', async () => {
    const { user } = await userWithJournal();
    const { cursor } = await syncOf(t, user);
    const made = await seedLocation(t, user, { name: 'New patch' });
    const answer = await syncOf(t, user, cursor);
    expect(answer.full).toBe(false);
    expect(answer.locations).toEqual([made]);
    expect(answer.preferences).toBeUndefined();
    expect(answer.cursor).not.toBe(cursor);
    // …and from the new cursor, nothing more.
    expect((await syncOf(t, user, answer.cursor)).locations).toEqual([]);
  });

  it('answers a changed location whole, with its entries', async () => {
    const { user, glade } = await userWithJournal();
    const { cursor } = await syncOf(t, user);
    const put = await apiClient(t.app, user.auth)('PUT', `/locations/${glade.id}`, {
      name: 'Sunny glade',
    });
    expect(put.statusCode).toBe(200);
    const answer = await syncOf(t, user, cursor);
    expect(answer.locations).toEqual([put.json<Location>()]);
    expect(answer.locations[0]?.entries).toHaveLength(2);
  });

  it('answers the location of a new, changed or deleted entry whole, and the deleted entry id', async () => {
    const { user, glade, bog, entries } = await userWithJournal();
    const call = apiClient(t.app, user.auth);
    let { cursor } = await syncOf(t, user);

    const added = await seedEntry(t, user, bog.id, { notes: 'added' });
    let answer = await syncOf(t, user, cursor);
    expect(answer.locations).toEqual([added.location]);
    cursor = answer.cursor;

    const changed = await call('PUT', `/locations/${glade.id}/entries/${entries[0]?.id}`, {
      notes: 'changed',
    });
    answer = await syncOf(t, user, cursor);
    expect(answer.locations).toEqual([changed.json<{ location: Location }>().location]);
    expect(answer.deleted.entries).toEqual([]);
    cursor = answer.cursor;

    const removed = await call('DELETE', `/locations/${glade.id}/entries/${entries[1]?.id}`);
    answer = await syncOf(t, user, cursor);
    const afterRemoval = removed.json<{ location: Location }>().location;
    expect(answer.locations).toEqual([afterRemoval]);
    expect(ids(afterRemoval.entries)).toEqual([entries[0]?.id]);
    expect(answer.deleted).toEqual({ locations: [], entries: [entries[1]?.id] });
  });

  it('tells a deleted location and its entries by id (tombstones), however old the cursor', async () => {
    const { user, glade, bog, entries } = await userWithJournal();
    const { cursor: before } = await syncOf(t, user);
    await seedLocation(t, user, { name: 'Later' });
    const { cursor: between } = await syncOf(t, user, before);
    const res = await apiClient(t.app, user.auth)('DELETE', `/locations/${glade.id}`);
    expect(res.statusCode).toBe(204);

    for (const cursor of [before, between]) {
      const answer = await syncOf(t, user, cursor);
      expect(answer.full).toBe(false);
      expect(answer.deleted.locations).toEqual([glade.id]);
      expect([...answer.deleted.entries].sort()).toEqual(ids(entries).sort());
      expect(ids(answer.locations)).not.toContain(glade.id);
      expect(ids(answer.locations)).not.toContain(bog.id);
    }
  });

  it('answers the preferences when they changed since the cursor, and only then', async () => {
    const { user } = await userWithJournal();
    const { cursor } = await syncOf(t, user);
    const put = await apiClient(t.app, user.auth)('PUT', '/preferences/terrain', {
      terrainTypes: ['scree'],
    });
    expect(put.statusCode).toBe(200);
    const answer = await syncOf(t, user, cursor);
    expect(answer.preferences).toMatchObject({ customTerrainTypes: ['scree'] });
    expect(answer.locations).toEqual([]);
    expect((await syncOf(t, user, answer.cursor)).preferences).toBeUndefined();
  });

  it('answers an entry deleted and made again with the same id as present', async () => {
    const { user, bog } = await userWithJournal();
    const { cursor } = await syncOf(t, user);
    const { entry } = await seedEntry(t, user, bog.id, { notes: 'once' });
    await apiClient(t.app, user.auth)('DELETE', `/locations/${bog.id}/entries/${entry.id}`);
    const again = await seedEntry(t, user, bog.id, { id: entry.id, notes: 'again' });
    const answer = await syncOf(t, user, cursor);
    expect(answer.deleted.entries).toEqual([entry.id]);
    // Deletions apply first (applySyncAnswer), so the entry made again stays.
    expect(answer.locations).toEqual([again.location]);
  });

  it.each([
    ['not a cursor at all', 'yesterday'],
    ['empty', ''],
    ['a tampered signature', 'tamper'],
    ['a revision from the future', 'future'],
  ])('refuses %s with a 400 naming since', async (_name, kindOfCursor) => {
    const { user } = await userWithJournal();
    const { cursor } = await syncOf(t, user);
    const codec = createCursorCodec(t.config.authSecret);
    const given =
      kindOfCursor === 'tamper'
        ? `${cursor.slice(0, -1)}${cursor.endsWith('A') ? 'B' : 'A'}`
        : kindOfCursor === 'future'
          ? codec.encode(user.id, 10_000)
          : kindOfCursor;
    const res = await requestSync(t, user, given);
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {})).toEqual(['since']);
  });

  it("never answers another user's changes, and refuses another user's cursor", async () => {
    const { user: alice } = await userWithJournal();
    const bob: TestUser = await t.signUp();
    const { cursor: aliceCursor } = await syncOf(t, alice);
    const { cursor: bobCursor } = await syncOf(t, bob);
    const bobs = await seedLocation(t, bob, { name: "Bob's" });
    await seedEntry(t, bob, bobs.id);
    await apiClient(t.app, bob.auth)('DELETE', `/locations/${bobs.id}`);
    await apiClient(t.app, bob.auth)('PUT', '/preferences/trees', { treeTypes: ['rowan'] });

    expect(await syncOf(t, alice, aliceCursor)).toEqual({
      cursor: aliceCursor,
      full: false,
      locations: [],
      deleted: { locations: [], entries: [] },
    });
    const full = await syncOf(t, alice);
    expect(ids(full.locations)).not.toContain(bobs.id);
    expect(full.preferences?.customTreeTypes).toEqual(defaultPreferences.customTreeTypes);
    // Bob's cursor names a revision Alice may well have reached: it is still not hers.
    expect((await requestSync(t, alice, bobCursor)).statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/sync' });
    expect(res.statusCode).toBe(401);
  });

  it('puts a Sync-Cursor header on GET /locations, and leaves its body { data } as it was', async () => {
    const { user } = await userWithJournal();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: user.auth });
    expect(res.headers['sync-cursor']).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(Object.keys(res.json<object>())).toEqual(['data']);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
