import { describe, expect, it } from 'vitest';
import type { PreferencesTable } from '../src/db/schema.ts';
import { createPreferencesRowCache } from '../src/modules/preferences/row-cache.ts';

const row = (name: string): PreferencesTable => ({
  id: 'u1',
  name,
  email: 'a@example.com',
  custom_species_categories: '[]',
  custom_species: '{}',
  custom_terrain_types: '[]',
  custom_tree_types: '[]',
  show_tutorial: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  revision: 1,
});

/** A load that finishes when told to, counting its calls. */
function controlledLoad(answer: PreferencesTable) {
  let calls = 0;
  let finish: () => void = () => {};
  const load = () => {
    calls += 1;
    return new Promise<PreferencesTable>((resolve) => {
      finish = () => resolve(answer);
    });
  };
  return { load, finish: () => finish(), calls: () => calls };
}

describe('the preferences row cache', () => {
  it('loads a record once, then answers it from memory until a write', async () => {
    const cache = createPreferencesRowCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return row(`read ${loads}`);
    };
    expect((await cache.through('u1', load)).name).toBe('read 1');
    expect((await cache.through('u1', load)).name).toBe('read 1');
    expect(loads).toBe(1);
    cache.forget('u1');
    expect((await cache.through('u1', load)).name).toBe('read 2');
    expect(loads).toBe(2);
  });

  it('does not keep a record read while a write ended', async () => {
    const cache = createPreferencesRowCache();
    const stale = controlledLoad(row('before the write'));
    const reading = cache.through('u1', stale.load);
    cache.forget('u1'); // the write commits while the read is under way
    stale.finish();
    expect((await reading).name).toBe('before the write');
    const fresh = controlledLoad(row('after the write'));
    const next = cache.through('u1', fresh.load);
    fresh.finish();
    expect((await next).name).toBe('after the write');
    expect(fresh.calls()).toBe(1);
  });

  it('keeps no more than its size, the least recently used going first', async () => {
    const cache = createPreferencesRowCache(1000); // about two rows of this size
    let loads = 0;
    const load = async () => {
      loads += 1;
      return row('x'.repeat(250));
    };
    for (const user of ['a', 'b', 'c']) await cache.through(user, load);
    expect(loads).toBe(3);
    await cache.through('a', load); // the oldest went
    expect(loads).toBe(4);
    await cache.through('c', load);
    expect(loads).toBe(4);
  });
});
