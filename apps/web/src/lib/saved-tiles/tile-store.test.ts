import { describe, expect, it, vi } from 'vitest';
import { fakeTileCache } from './fake-tile-cache.ts';
import { countTiles, type Bbox } from './tile-math.ts';
import { listAreas } from './area-index.ts';
import { AreaTooLargeError, maxTilesPerArea, planArea } from './area-plan.ts';
import { fetchOrSaved, type FetchLike } from './fetch-or-saved.ts';
import { deleteArea, downloadArea, renameArea, updateArea } from './tile-store.ts';

const template = 'http://maps.test/api/tiles/base/{z}/{x}/{y}';
const small: Bbox = [13.3, 52.45, 13.5, 52.55];
const request = {
  bboxes: [small],
  minZoom: 12,
  maxZoom: 14,
  templates: [template],
  kind: 'raster' as const,
};
const roomy = () => Promise.resolve();
const owner = 'user-1';

/** A server answering every tile with `size` bytes, counting requests and how many run at once. */
function tileServer(size = 100) {
  let running = 0;
  const stats = { requests: 0, mostAtOnce: 0 };
  const fetch: FetchLike = async (url) => {
    stats.requests++;
    running++;
    stats.mostAtOnce = Math.max(stats.mostAtOnce, running);
    await new Promise((resolve) => setTimeout(resolve, 0));
    running--;
    if (url.includes('/14/') && url.endsWith('/0')) return new Response(null, { status: 404 });
    return new Response(new Uint8Array(size), { headers: { 'Content-Type': 'image/png' } });
  };
  return { fetch, stats };
}

describe('planArea', () => {
  it('counts the tiles and estimates the size before downloading', () => {
    const plan = planArea(request);
    expect(plan.tileCount).toBe(countTiles(small, 12, 14));
    expect(plan.estimatedBytes).toBe(plan.tileCount * 25_000);
  });
});

describe('downloadArea', () => {
  it('saves every tile, at most 6 at a time, reports progress and lists the area', async () => {
    const cache = fakeTileCache();
    const { fetch, stats } = tileServer(100);
    const progress: number[] = [];
    const area = await downloadArea(request, {
      cache,
      owner,
      fetch,
      ensureRoom: roomy,
      onProgress: (p) => progress.push(p.done),
      now: () => new Date('2026-05-01T10:00:00Z'),
    });
    const total = countTiles(small, 12, 14);
    expect(stats.requests).toBe(total);
    expect(stats.mostAtOnce).toBe(6);
    expect(progress.at(-1)).toBe(total);
    expect(area).toMatchObject({
      owner,
      tileCount: total,
      bytes: total * 100,
      savedAt: '2026-05-01T10:00:00.000Z',
    });
    expect(await listAreas(cache, owner)).toEqual([area]);
    const saved = await cache.match('http://maps.test/api/tiles/base/12/2200/1343');
    expect((await saved?.arrayBuffer())?.byteLength).toBe(100);
  });

  it('refuses an area over the cap with a clear message, before any request', async () => {
    const { fetch, stats } = tileServer();
    const huge = { ...request, bboxes: [[-10, 35, 30, 60] as Bbox], minZoom: 10, maxZoom: 16 };
    await expect(
      downloadArea(huge, { cache: fakeTileCache(), owner, fetch, ensureRoom: roomy }),
    ).rejects.toThrow(AreaTooLargeError);
    await expect(
      downloadArea(huge, { cache: fakeTileCache(), owner, fetch, ensureRoom: roomy }),
    ).rejects.toThrow(`at most ${maxTilesPerArea.toLocaleString('en')} can be saved`);
    expect(stats.requests).toBe(0);
  });

  it('asks for room for the estimated size and saves nothing when there is none', async () => {
    const cache = fakeTileCache();
    const { fetch, stats } = tileServer();
    const ensureRoom = vi.fn(() => Promise.reject(new Error('Not enough storage on this device')));
    await expect(downloadArea(request, { cache, owner, fetch, ensureRoom })).rejects.toThrow(
      'Not enough storage',
    );
    expect(ensureRoom).toHaveBeenCalledWith(planArea(request).estimatedBytes);
    expect(stats.requests).toBe(0);
    expect(await listAreas(cache, owner)).toEqual([]);
  });

  it('stops when cancelled and lists no half area', async () => {
    const cache = fakeTileCache();
    const { fetch, stats } = tileServer();
    const controller = new AbortController();
    const download = downloadArea(request, {
      cache,
      owner,
      fetch,
      ensureRoom: roomy,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.done === 5) controller.abort();
      },
    });
    await expect(download).rejects.toThrow();
    expect(stats.requests).toBeLessThan(countTiles(small, 12, 14));
    expect(await listAreas(cache, owner)).toEqual([]);
  });
});

describe('updateArea and deleteArea', () => {
  it('updates in place, and deleting keeps the tiles another area still needs', async () => {
    const cache = fakeTileCache();
    const { fetch } = tileServer();
    const a = await downloadArea(request, { cache, owner, fetch, ensureRoom: roomy });
    const b = await downloadArea(
      { ...request, maxZoom: 12 },
      { cache, owner, fetch, ensureRoom: roomy },
    );
    const updated = await updateArea(a, 'raster', {
      cache,
      owner,
      fetch,
      ensureRoom: roomy,
      now: () => new Date('2027-01-01'),
    });
    expect(updated.id).toBe(a.id);
    expect((await listAreas(cache, owner)).map((area) => area.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );

    await deleteArea(cache, owner, a.id);
    expect((await listAreas(cache, owner)).map((area) => area.id)).toEqual([b.id]);
    const left = cache.urls().filter((url) => url.startsWith('http://maps.test/api/tiles'));
    expect(left).toHaveLength(countTiles(small, 12, 12));
    expect(left.every((url) => url.includes('/12/'))).toBe(true);
  });

  it('keeps a name through rename and update, and ignores an empty name', async () => {
    const cache = fakeTileCache();
    const { fetch } = tileServer();
    const options = { cache, owner, fetch, ensureRoom: roomy };
    const area = await downloadArea(request, { ...options, name: 'Chanterelle bank' });
    const other = await downloadArea(request, options);
    const names = async () =>
      Object.fromEntries((await listAreas(cache, owner)).map((saved) => [saved.id, saved.name]));
    expect(await names()).toEqual({ [area.id]: 'Chanterelle bank', [other.id]: undefined });

    await renameArea(cache, owner, area.id, '  Beech wood  ');
    await renameArea(cache, owner, other.id, '   ');
    expect(await names()).toEqual({ [area.id]: 'Beech wood', [other.id]: undefined });

    const [renamed] = (await listAreas(cache, owner)).filter((saved) => saved.id === area.id);
    if (!renamed) throw new Error('the renamed area is listed');
    await updateArea(renamed, 'raster', options);
    expect((await names())[area.id]).toBe('Beech wood');
  });
});

describe('fetchOrSaved', () => {
  const url = 'http://maps.test/api/tiles/base/12/2200/1343';

  it('answers from the network when it answers', async () => {
    const cache = fakeTileCache();
    await cache.put(url, new Response('saved'));
    const response = await fetchOrSaved(url, cache, () => Promise.resolve(new Response('fresh')));
    expect(await response.text()).toBe('fresh');
  });

  it('falls back to the saved tile when offline or on a server error', async () => {
    const cache = fakeTileCache();
    await cache.put(url, new Response('saved'));
    const offline = await fetchOrSaved(url, cache, () =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    expect(await offline.text()).toBe('saved');
    const failing = await fetchOrSaved(url, cache, () =>
      Promise.resolve(new Response('', { status: 503 })),
    );
    expect(await failing.text()).toBe('saved');
  });

  it('throws the network error when nothing is saved', async () => {
    await expect(
      fetchOrSaved(url, fakeTileCache(), () => Promise.reject(new TypeError('Failed to fetch'))),
    ).rejects.toThrow('Failed to fetch');
  });
});
