import { describe, expect, it } from 'vitest';
import { makeEntry, makeLocation } from '../../../testing/factories.ts';
import { spots } from '../../../testing/fixtures.ts';
import { searchJournal } from '@fj/contract/search-match';
import { lastVisit, sortLocations } from './sort-locations.ts';

const ids = (list: { id: string }[]) => list.map((location) => location.id);

describe('sortLocations', () => {
  it('sorts by name A–Z, ignoring case, numbers in order', () => {
    const numbered = [
      makeLocation({ id: 'x10', name: 'Spot 10' }),
      makeLocation({ id: 'x2', name: 'spot 2' }),
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
    const twins = [
      makeLocation({ id: 'z', name: 'Zeta' }),
      makeLocation({ id: 'y', name: 'Alpha' }),
    ];
    expect(ids(sortLocations(twins, 'created'))).toEqual(['y', 'z']);
    expect(ids(sortLocations(twins, 'last-visit'))).toEqual(['y', 'z']);
    expect(ids(twins)).toEqual(['z', 'y']);
  });

  it('works on a searched list', () => {
    const herbs = searchJournal(spots, { category: ['herbs'] }).map((hit) => hit.location);
    expect(ids(sortLocations(herbs, 'name'))).toEqual(['c', 'b']);
    expect(ids(sortLocations(herbs, 'last-visit'))).toEqual(['b', 'c']);
  });
});

describe('lastVisit', () => {
  it('is the newest entry date, whatever the entry order', () => {
    const spot = makeLocation({
      id: 'l',
      entries: [
        makeEntry({ locationId: 'l', date: '2024-09-02', species: [] }),
        makeEntry({ locationId: 'l', date: '2023-01-01', species: [] }),
      ],
    });
    expect(lastVisit(spot)).toBe('2024-09-02');
    expect(lastVisit(makeLocation({ id: 'm' }))).toBeNull();
  });
});
