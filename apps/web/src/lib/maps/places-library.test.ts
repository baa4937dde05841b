import { describe, expect, it } from 'vitest';
import { parsePhotonResults } from './places-library.ts';

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
