import { describe, expect, it } from 'vitest';
import { makeLocation } from '../../testing/factories.ts';
import { matchOwnLocations } from './match-own-locations.ts';

describe('matchOwnLocations', () => {
  const spots = [
    makeLocation({ id: 'a', name: 'Old oak by the creek', position: { lat: 1, lng: 2 } }),
    makeLocation({ id: 'b', name: 'Oak ridge', position: { lat: 3, lng: 4 } }),
    makeLocation({ id: 'c', name: 'Blåbær hill', position: { lat: 5, lng: 6 } }),
  ];

  it('finds spots by part of their name, those starting with the query first', () => {
    const results = matchOwnLocations(spots, 'OAK');
    expect(results.map((result) => result.locationId)).toEqual(['b', 'a']);
    expect(results[0]).toMatchObject({ label: 'Oak ridge', detail: 'Your spot', lat: 3, lng: 4 });
  });

  it('ignores accents and blank queries', () => {
    expect(matchOwnLocations(spots, 'blabaer').length).toBe(0);
    expect(matchOwnLocations(spots, 'blab')[0]?.locationId).toBe('c');
    expect(matchOwnLocations(spots, '   ')).toEqual([]);
  });

  it('stops at the limit', () => {
    expect(matchOwnLocations(spots, 'o', 1)).toHaveLength(1);
  });
});
