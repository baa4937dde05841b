import { describe, expect, it } from 'vitest';
import { makeLocation } from '../../../store/store-test-kit.ts';
import { filterLocations, noFilters } from './filter-locations.ts';
import { lastVisit, sortLocations } from './sort-locations.ts';
import { makeEntry, spots } from './test-locations.ts';

const ids = (list: { id: string }[]) => list.map((location) => location.id);

describe('sortLocations', () => {
  it('sorts by name A–Z, ignoring case, numbers in order', () => {
    const numbered = [
      makeLocation('x10', { name: 'Spot 10' }),
      makeLocation('x2', { name: 'spot 2' }),
    ];
    expect(ids(sortLocations(spots, 'name'))).toEqual(['c', 'b', 'a']);
    expect(ids(sortLocations(numbered, 'name'))).toEqual(['x2', 'x10']);
  });

  it('sorts by last visit, newest entry first, never-visited last', () => {
    expect(ids(sortLocations(spots, 'last-visit'))).toEqual(['a', 'b', 'c']);
  });

  it('sorts by creation, newest first', () => {
    expect(ids(sortLocations(spots, 'created'))).toEqual(['b', 'a', 'c']);
  });

  it('breaks ties by name and leaves the input alone', () => {
    const twins = [makeLocation('z', { name: 'Zeta' }), makeLocation('y', { name: 'Alpha' })];
    expect(ids(sortLocations(twins, 'created'))).toEqual(['y', 'z']);
    expect(ids(sortLocations(twins, 'last-visit'))).toEqual(['y', 'z']);
    expect(ids(twins)).toEqual(['z', 'y']);
  });

  it('works on a filtered list', () => {
    const herbs = filterLocations(spots, { ...noFilters, category: 'herbs' });
    expect(ids(sortLocations(herbs, 'name'))).toEqual(['c', 'b']);
    expect(ids(sortLocations(herbs, 'last-visit'))).toEqual(['b', 'c']);
  });
});

describe('lastVisit', () => {
  it('is the newest entry date, whatever the entry order', () => {
    const spot = makeLocation('l', {
      entries: [makeEntry('l', '2024-09-02'), makeEntry('l', '2023-01-01')],
    });
    expect(lastVisit(spot)).toBe('2024-09-02');
    expect(lastVisit(makeLocation('m'))).toBeNull();
  });
});
