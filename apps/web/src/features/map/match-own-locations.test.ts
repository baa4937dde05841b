import { describe, expect, it } from 'vitest';
import { makeEntry, makeLocation } from '../../testing/factories.ts';
import { matchOwnLocations } from './match-own-locations.ts';

describe('matchOwnLocations', () => {
  const spots = [
    makeLocation({ id: 'a', name: 'Old oak by the creek', position: { lat: 1, lng: 2 } }),
    makeLocation({ id: 'b', name: 'Oak ridge', position: { lat: 3, lng: 4 } }),
    makeLocation({ id: 'c', name: 'Blåbær hill', position: { lat: 5, lng: 6 } }),
  ];

  it('finds spots by part of their name, those starting with the query first', () => {
    const { results } = matchOwnLocations(spots, 'OAK');
    expect(results.map((result) => result.locationId)).toEqual(['b', 'a']);
    expect(results[0]).toMatchObject({ label: 'Oak ridge', detail: 'Your spot', lat: 3, lng: 4 });
  });

  it('ignores accents and blank queries', () => {
    expect(matchOwnLocations(spots, 'blabaer').total).toBe(0);
    expect(matchOwnLocations(spots, 'blab').results[0]?.locationId).toBe('c');
    expect(matchOwnLocations(spots, '   ')).toEqual({ results: [], total: 0, keyed: false });
  });

  it('stops at the limit', () => {
    const found = matchOwnLocations(spots, 'o', 1);
    expect(found.results).toHaveLength(1);
    expect(found.total).toBe(2);
  });

  it('takes the query syntax, as the Locations page does, and counts matching visits', () => {
    const journal = [
      ...spots,
      makeLocation({
        id: 'd',
        name: 'Beech hanger',
        treeTypes: ['Oak'],
        entries: [
          makeEntry({
            id: 'd1',
            locationId: 'd',
            date: '2024-08-01',
            finds: [{ species: 'Chanterelle' }],
          }),
          makeEntry({
            id: 'd2',
            locationId: 'd',
            date: '2023-08-09',
            finds: [{ species: 'chanterelle' }],
          }),
        ],
      }),
    ];
    const found = matchOwnLocations(journal, 'chanterelle tree:oak month:jul-sep');
    expect(found).toMatchObject({ total: 1, keyed: true });
    expect(found.results[0]).toMatchObject({
      locationId: 'd',
      detail: 'Your spot · 2 matching visits',
    });
    expect(matchOwnLocations(journal, 'month:foo')).toEqual({
      results: [],
      total: 0,
      keyed: false,
    });
  });
});
