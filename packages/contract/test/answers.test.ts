import { describe, expect, it } from 'vitest';
import { readClientConfig } from '../src/client-config-reading.ts';
import { clientConfigSchema } from '../src/client-config.ts';
import {
  entryWriteAnswerSchema,
  entryWriteReadingSchema,
  locationCreateReadingSchema,
  locationListReadingSchema,
  locationListSchema,
  locationUpdateReadingSchema,
  type Location,
} from '../src/locations.ts';

const location: Location = {
  id: 'l1',
  name: 'Glade',
  position: { lat: 1, lng: 2 },
  favorite: false,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  entries: [],
};

describe("the web's readings accept what this server sends", () => {
  it('location list, create and entry answers', () => {
    const list = locationListSchema.parse({ data: [location] });
    expect(locationListReadingSchema.parse(list)).toEqual(list);
    expect(locationCreateReadingSchema.parse(location)).toEqual(location);
    const entryAnswer = entryWriteAnswerSchema.parse({ location });
    expect(entryWriteReadingSchema.parse(entryAnswer)).toEqual(entryAnswer);
  });

  it('client config', () => {
    const served = clientConfigSchema.parse({
      appName: 'Journal',
      mapStyleUrl: 'https://s',
      localMapStyleUrl: '/api/tiles/region/style.json',
      satelliteTilesUrl: '',
      topoTilesUrl: '',
      geocoderUrl: '',
    });
    expect(readClientConfig(served)).toEqual(served);
  });
});

describe("the web's readings of the original API's smaller answers", () => {
  it('a bare list, an id-only create, an entry write with no body', () => {
    expect(locationListReadingSchema.parse([location])).toEqual([location]);
    expect(locationCreateReadingSchema.parse({ id: 'l9' })).toEqual({ id: 'l9' });
    expect(entryWriteReadingSchema.parse(undefined)).toEqual({});
  });

  it('an answer that has entries must be a whole location', () => {
    expect(locationCreateReadingSchema.safeParse({ id: 'l9', entries: [] }).success).toBe(false);
    expect(locationUpdateReadingSchema.safeParse({ id: 'l9', entries: [] }).success).toBe(false);
    expect(locationUpdateReadingSchema.parse({ ok: true })).toEqual({ ok: true });
    expect(locationUpdateReadingSchema.parse(location)).toEqual(location);
  });
});
