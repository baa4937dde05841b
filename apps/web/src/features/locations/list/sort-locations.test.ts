import { describe, expect, it } from 'vitest';
import { makeEntry, makeLocation, photoEntry } from '../../../testing/factories.ts';
import { spots } from '../../../testing/fixtures.ts';
import { searchJournal } from '@fj/contract/search-match';
import { defaultSort, lastVisit, newestPhoto, sortLocations, sortsFor } from './sort-locations.ts';

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

describe('nearest first', () => {
  const here = { lat: 50, lng: 8 };
  // About 1.1 km north, 700 m east, and 5.5 km south of here; the far one visited last.
  const near = [
    makeLocation({ id: 'north', name: 'North', position: { lat: 50.01, lng: 8 } }),
    makeLocation({
      id: 'south',
      name: 'South',
      position: { lat: 49.95, lng: 8 },
      entries: [makeEntry({ locationId: 'south', date: '2026-05-01' })],
    }),
    makeLocation({ id: 'east', name: 'East', position: { lat: 50, lng: 8.01 } }),
  ];

  it('sorts by distance from the position, nearest first', () => {
    expect(ids(sortLocations(near, 'nearest', here))).toEqual(['east', 'north', 'south']);
    // From elsewhere, another order: the sort follows the position, not the list.
    expect(ids(sortLocations(near, 'nearest', { lat: 49.9, lng: 8 }))).toEqual([
      'south',
      'east',
      'north',
    ]);
  });

  it('falls back to the last visit without a position', () => {
    expect(ids(sortLocations(near, 'nearest', null))).toEqual(
      ids(sortLocations(near, 'last-visit')),
    );
  });

  it('opens nearest first when the position is known, else by last visit', () => {
    expect(defaultSort(here)).toBe('nearest');
    expect(defaultSort(null)).toBe('last-visit');
    expect(sortsFor(here).map((sort) => sort.value)).toContain('nearest');
    expect(sortsFor(null).map((sort) => sort.value)).not.toContain('nearest');
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

describe('newestPhoto', () => {
  it('is the thumbnail of the newest entry with a photo, or null', () => {
    const older = { ...photoEntry('older.jpg'), thumbnailUrl: '/thumbs/older.jpg' };
    const newer = { ...photoEntry('newer.jpg'), thumbnailUrl: '/thumbs/newer.jpg' };
    const spot = makeLocation({
      id: 'p',
      entries: [
        makeEntry({ locationId: 'p', date: '2025-09-01', photos: [older] }),
        makeEntry({ locationId: 'p', date: '2026-09-01', photos: [newer] }),
        makeEntry({ locationId: 'p', date: '2026-10-01', photos: [] }),
      ],
    });
    expect(newestPhoto(spot)).toBe('/thumbs/newer.jpg');
    expect(
      newestPhoto(makeLocation({ id: 'q', entries: [makeEntry({ locationId: 'q' })] })),
    ).toBeNull();
  });
});
