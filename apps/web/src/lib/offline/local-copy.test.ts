import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Location } from '@fj/contract/locations';
import { applySyncAnswer } from '@fj/contract/sync';
import { makeEntry, makeLocation } from '../../testing/factories.ts';
import { freshIndexedDbPerTest } from '../../testing/fake-indexeddb.ts';
import { journalDbName, openJournalDb } from './journal-db.ts';
import { createLocalCopy, LARGE_WRITE, readStoredCursor, WRITE_BATCH } from './local-copy.ts';

freshIndexedDbPerTest();
afterEach(() => {
  vi.unstubAllGlobals();
});

const spots = (count: number, entriesEach: number): Location[] =>
  Array.from({ length: count }, (_, i) => {
    const id = `l${i}`;
    return makeLocation({
      id,
      entries: Array.from({ length: entriesEach }, (_, j) =>
        makeEntry({ id: `${id}-e${j}`, locationId: id, notes: `Found ${j} ceps` }),
      ),
    });
  });

describe('local copy', () => {
  it('holds nothing before the first save', async () => {
    expect(await createLocalCopy('u1').load()).toBeNull();
  });

  it('gives back the locations, the cursor and the sync time it was given', async () => {
    const copy = createLocalCopy('u1');
    const list = spots(3, 2);
    await copy.saveLocations([], list, 'c1', 1000);
    await copy.saveServerLists({ categories: ['Fungi'] });
    const again = await createLocalCopy('u1').load();
    expect(again).toEqual({
      locations: expect.arrayContaining(list) as unknown,
      cursor: 'c1',
      syncedAt: 1000,
      serverLists: { categories: ['Fungi'] },
    });
    expect(again?.locations).toHaveLength(3);
  });

  it('gives an entry kept before entries had finds its species as finds without a quantity', async () => {
    const old = makeLocation({ id: 'old', entries: [makeEntry({ id: 'e1', locationId: 'old' })] });
    const [entry] = old.entries;
    const kept = { ...entry, species: ['Cep', 'Girolle'] } as Record<string, unknown>;
    delete kept.finds;
    await createLocalCopy('u1').saveLocations([], [{ ...old, entries: [kept as never] }], 'c1', 1);
    const again = await createLocalCopy('u1').load();
    expect(again?.locations[0]?.entries[0]).toMatchObject({
      species: ['Cep', 'Girolle'],
      finds: [
        { species: 'Cep', quantity: null, unit: null },
        { species: 'Girolle', quantity: null, unit: null },
      ],
    });
  });

  it('keeps each user apart', async () => {
    await createLocalCopy('u1').saveLocations([], spots(2, 0), 'c1', 1);
    expect(await createLocalCopy('u2').load()).toBeNull();
  });

  it('applies a sync answer by writing only what changed', async () => {
    const copy = createLocalCopy('u1');
    const before = spots(3, 1);
    await copy.saveLocations([], before, 'c1', 1);
    const after = applySyncAnswer(
      { cursor: 'c1', locations: before },
      {
        cursor: 'c2',
        full: false,
        locations: [makeLocation({ id: 'l9', name: 'New' })],
        deleted: { locations: ['l0'], entries: ['l1-e0'] },
      },
    ).locations;
    const db = await openJournalDb('u1');
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await copy.saveLocations(before, after, 'c2', 2);
    // l9 new, l1 lost an entry; l2 untouched is not written again. Plus cursor and time.
    expect(put.mock.calls.map((call) => call[1])).toEqual(['l1', 'l9', 'cursor', 'syncedAt']);
    const stored = await db?.getAll('locations');
    expect(stored?.map((l) => l.id).sort()).toEqual(['l1', 'l2', 'l9']);
    expect(stored?.find((l) => l.id === 'l1')?.entries).toEqual([]);
    expect((await copy.load())?.cursor).toBe('c2');
  });

  describe('the cursor read alone at start (readStoredCursor)', () => {
    const databaseNames = async () => (await indexedDB.databases()).map((db) => db.name);

    it('is null on a device without the copy, whose database it does not make', async () => {
      expect(await readStoredCursor('u1')).toBeNull();
      expect(await databaseNames()).not.toContain(journalDbName('u1'));
    });

    it('is the cursor the copy continues from, and lets the database go', async () => {
      const copy = createLocalCopy('u1');
      await copy.saveLocations([], spots(2, 0), 'c1', 1);
      expect(await readStoredCursor('u1')).toBe('c1');
      expect(await readStoredCursor('u2')).toBeNull();
      // Its connection is closed: logout deletes the database without waiting for it.
      await copy.destroy();
      expect(await databaseNames()).not.toContain(journalDbName('u1'));
    });

    it('is null, as load reads it, while no sync was stored with the cursor', async () => {
      const copy = createLocalCopy('u1');
      await copy.saveLocations([], spots(1, 0), 'c1', null);
      expect(await copy.load()).toBeNull();
      expect(await readStoredCursor('u1')).toBeNull();
    });
  });

  it('is gone after destroy (logout)', async () => {
    const copy = createLocalCopy('u1');
    await copy.saveLocations([], spots(2, 0), 'c1', 1);
    await copy.destroy();
    expect(await createLocalCopy('u1').load()).toBeNull();
  });

  it('writes 2,000 spots with 20,000 entries in one transaction and reads them back', async () => {
    const copy = createLocalCopy('u1');
    const list = spots(2000, 10);
    const started = performance.now();
    await copy.saveLocations([], list, 'c1', 1);
    const written = performance.now();
    const loaded = await createLocalCopy('u1').load();
    const read = performance.now();
    expect(loaded?.locations).toHaveLength(2000);
    expect(loaded?.locations.reduce((sum, l) => sum + l.entries.length, 0)).toBe(20_000);
    // A figure for the report, not a timed assertion (fake-indexeddb is far slower than a browser's).
    console.info(
      `local copy, 2,000 spots + 20,000 entries: write ${Math.round(written - started)} ms, read ${Math.round(read - written)} ms (fake-indexeddb)`,
    );
  });

  describe('a large write (a first answer of a big journal)', () => {
    /** A quiet moment the test lets come. */
    function gate() {
      let open: () => void = () => undefined;
      const moment = new Promise<void>((resolve) => (open = resolve));
      return { moment: () => moment, open: () => open() };
    }

    it('waits for the first screen to be drawn, then lands whole with its cursor', async () => {
      const quiet = gate();
      const copy = createLocalCopy('u1', quiet.moment);
      await copy.saveLocations([], spots(2, 0), 'c1', 1);
      const big = spots(LARGE_WRITE, 1);
      let landed = false;
      const saving = copy.saveLocations([], big, 'c2', 2).then(() => (landed = true));
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(landed).toBe(false);
      const meanwhile = await createLocalCopy('u1').load();
      expect(meanwhile?.cursor).toBe('c1');
      expect(meanwhile?.locations).toHaveLength(2);
      quiet.open();
      await saving;
      const after = await createLocalCopy('u1').load();
      expect(after?.cursor).toBe('c2');
      expect(after?.locations).toHaveLength(LARGE_WRITE);
    });

    it('leaves a small write (a change of the user) waiting for nothing', async () => {
      const copy = createLocalCopy('u1', () => new Promise(() => undefined));
      await copy.saveLocations([], spots(LARGE_WRITE - 1, 0), 'c1', 1);
      expect((await copy.load())?.locations).toHaveLength(LARGE_WRITE - 1);
    });

    it('is one transaction across its batches: a location that cannot be stored leaves the copy and cursor as they were', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const copy = createLocalCopy('u1', () => Promise.resolve());
      const before = spots(2, 0);
      await copy.saveLocations([], before, 'c1', 1);
      const after = spots(WRITE_BATCH * 3, 0);
      // Past the first batches: IndexedDB cannot clone a function.
      const broken = WRITE_BATCH * 2 + 10;
      after[broken] = { ...after[broken], notes: () => 'x' } as unknown as Location;
      const put = vi.spyOn(IDBObjectStore.prototype, 'put');
      await copy.saveLocations(before, after, 'c2', 2);
      expect(put.mock.calls.length).toBeGreaterThan(WRITE_BATCH * 2);
      expect(warn).toHaveBeenCalledWith(
        'Local copy: could not save the locations',
        expect.anything(),
      );
      const kept = await createLocalCopy('u1').load();
      expect(kept?.cursor).toBe('c1');
      expect(kept?.syncedAt).toBe(1);
      expect(kept?.locations.map((l) => l.id).sort()).toEqual(['l0', 'l1']);
      expect(kept?.locations).toEqual(expect.arrayContaining(before) as unknown);
    });
  });
});
