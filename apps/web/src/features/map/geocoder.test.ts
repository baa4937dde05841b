import { describe, expect, it } from 'vitest';
import { makeLocation } from '../../store/store-test-kit.ts';
import { matchOwnLocations, parsePhotonResults } from './geocoder.ts';

const photon = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [8.68, 50.11] },
      properties: { name: 'Frankfurt', state: 'Hesse', country: 'Germany', city: 'Frankfurt' },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [13.4, 52.5] },
      properties: { street: 'Waldweg', housenumber: '3', city: 'Berlin', country: 'Germany' },
    },
    { type: 'Feature', geometry: { type: 'Point', coordinates: ['x', 1] }, properties: {} },
    { type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] }, properties: {} },
    'junk',
  ],
};

describe('parsePhotonResults', () => {
  it('turns features into labelled points, lat and lng the right way round', () => {
    const results = parsePhotonResults(photon);
    expect(results.map(({ label, detail, lat, lng }) => ({ label, detail, lat, lng }))).toEqual([
      { label: 'Frankfurt', detail: 'Hesse, Germany', lat: 50.11, lng: 8.68 },
      { label: 'Waldweg 3', detail: 'Berlin, Germany', lat: 52.5, lng: 13.4 },
    ]);
    expect(new Set(results.map((result) => result.key)).size).toBe(2);
  });

  it('gives an empty list for anything else', () => {
    expect(parsePhotonResults(null)).toEqual([]);
    expect(parsePhotonResults({ features: 'no' })).toEqual([]);
    expect(parsePhotonResults('<html>')).toEqual([]);
  });
});

describe('matchOwnLocations', () => {
  const spots = [
    makeLocation('a', { name: 'Old oak by the creek', position: { lat: 1, lng: 2 } }),
    makeLocation('b', { name: 'Oak ridge', position: { lat: 3, lng: 4 } }),
    makeLocation('c', { name: 'Blåbær hill', position: { lat: 5, lng: 6 } }),
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
