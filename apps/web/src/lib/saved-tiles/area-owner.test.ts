import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  areaCacheName,
  forgetSavedAreas,
  mapStartCacheName,
  setAreaOwner,
  unownedCacheName,
} from './area-owner.ts';
import { fakeCacheShelf } from './fake-tile-cache.ts';
import { openAreaCache, openMapStartCache, openTileCache } from './saved-fetch.ts';
import { listAreas } from './area-index.ts';
import type { FetchLike } from './fetch-or-saved.ts';
import { downloadArea } from './tile-store.ts';

// docs/behaviour.md#saved-map-areas: saved map areas belong to the user who saved them.

const template = 'http://maps.test/api/tiles/base/{z}/{x}/{y}';
const styleUrl = 'http://maps.test/api/tiles/base/style.json';
const alicesTile = 'http://maps.test/api/tiles/base/12/2200/1343';
const bobsTile = 'http://maps.test/api/tiles/base/12/2049/1362';
const serve: FetchLike = () => Promise.resolve(new Response(new Uint8Array(50)));
const roomy = () => Promise.resolve();

/** Saves the z12 tile at (lng, lat) for `owner` in Cache Storage (the stubbed global), as the dialog does. */
async function saveFor(owner: string, lng: number, lat: number) {
  return downloadArea(
    {
      bboxes: [[lng, lat, lng + 0.001, lat + 0.001]],
      minZoom: 12,
      maxZoom: 12,
      templates: [template],
      kind: 'raster',
    },
    {
      cache: await openAreaCache(owner),
      owner,
      fetch: serve,
      extraUrls: [styleUrl],
      extrasCache: await openMapStartCache(),
      ensureRoom: roomy,
    },
  );
}

afterEach(async () => {
  await setAreaOwner(null, null);
  vi.unstubAllGlobals();
});

describe('saved map areas per user', () => {
  it('keeps each user’s areas and tiles apart, and lists only the owner’s', async () => {
    const shelf = fakeCacheShelf();
    vi.stubGlobal('caches', shelf);
    const alices = await saveFor('alice', 13.4, 52.5);
    const bobs = await saveFor('bob', 0.1, 51.5);

    expect(alices.owner).toBe('alice');
    expect(await listAreas(await openAreaCache('alice'), 'alice')).toEqual([alices]);
    expect(await listAreas(await openAreaCache('bob'), 'bob')).toEqual([bobs]);
    // An index entry of someone else is never listed, even in the wrong cache.
    expect(await listAreas(await openAreaCache('alice'), 'bob')).toEqual([]);
    expect(shelf.cache(areaCacheName('alice'))?.urls()).toContain(alicesTile);
    expect(shelf.cache(areaCacheName('bob'))?.urls()).not.toContain(alicesTile);
    // The public start files (the style) are shared, not in either user's cache.
    expect(shelf.cache(mapStartCacheName)?.urls()).toEqual([styleUrl]);
    expect(shelf.cache(areaCacheName('alice'))?.urls()).not.toContain(styleUrl);
  });

  it('draws the map from the signed-in user’s tiles only', async () => {
    vi.stubGlobal('caches', fakeCacheShelf());
    await saveFor('alice', 13.4, 52.5);
    await saveFor('bob', 0.1, 51.5);

    await setAreaOwner('alice');
    const asAlice = await openTileCache();
    expect(await asAlice.match(alicesTile)).toBeDefined();
    expect(await asAlice.match(bobsTile)).toBeUndefined();
    expect(await asAlice.match(styleUrl)).toBeDefined();

    await setAreaOwner('bob');
    expect(await (await openTileCache()).match(alicesTile)).toBeUndefined();
    expect(await (await openTileCache()).match(bobsTile)).toBeDefined();

    await setAreaOwner(null);
    expect(await (await openTileCache()).match(bobsTile)).toBeUndefined();
    expect(await (await openTileCache()).match(styleUrl)).toBeDefined();
  });

  it('sign-out deletes the signed-in user’s areas and tiles, and no one else’s', async () => {
    const shelf = fakeCacheShelf();
    vi.stubGlobal('caches', shelf);
    await saveFor('alice', 13.4, 52.5);
    await saveFor('bob', 0.1, 51.5);

    await setAreaOwner('alice', shelf);
    await forgetSavedAreas(shelf);
    expect(shelf.names()).not.toContain(areaCacheName('alice'));
    expect(await listAreas(await openAreaCache('alice'), 'alice')).toEqual([]);
    // Bob's stay on the device, theirs by name, until Bob signs out.
    expect(shelf.cache(areaCacheName('bob'))?.urls()).toContain(bobsTile);
    expect(shelf.names()).toContain(mapStartCacheName);
  });

  it('deletes the areas saved before areas had owners at the next sign-in and sign-out', async () => {
    const unowned = [
      { id: 'old', bbox: [0, 0, 1, 1], bboxes: [[0, 0, 1, 1]], tileCount: 1, bytes: 1 },
    ];
    const legacy = async (shelf: ReturnType<typeof fakeCacheShelf>) => {
      const cache = await shelf.open(unownedCacheName);
      await cache.put(alicesTile, new Response('tile'));
      await cache.put(
        'https://saved-tiles.invalid/areas.json',
        new Response(JSON.stringify(unowned)),
      );
      // Nobody owns them: they are listed to no one.
      expect(await listAreas(cache, 'alice')).toEqual([]);
    };

    const signingIn = fakeCacheShelf();
    await legacy(signingIn);
    await setAreaOwner('alice', signingIn);
    expect(signingIn.names()).toEqual([]);

    const signingOut = fakeCacheShelf();
    await legacy(signingOut);
    await forgetSavedAreas(signingOut);
    expect(signingOut.names()).toEqual([]);
  });
});
