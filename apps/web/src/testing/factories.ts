import type { Entry } from '@fj/contract/entries';
import type { Location } from '@fj/contract/locations';

/**
 * The one set of factories for web tests: a valid object with every required field, and
 * `overrides` for what the test is about. Defaults derive from the fields given (a location's
 * name from its id, an entry's id and timestamps from its location and date).
 */
export function makeLocation(overrides: Partial<Location> = {}): Location {
  const id = overrides.id ?? 'l1';
  return {
    id,
    name: `Spot ${id}`,
    position: { lat: 1, lng: 2 },
    favorite: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    entries: [],
    ...overrides,
  };
}

export function makeEntry(overrides: Partial<Entry> = {}): Entry {
  const locationId = overrides.locationId ?? 'l1';
  const date = overrides.date ?? '2024-05-20';
  return {
    id: `${locationId}-${date}`,
    locationId,
    date,
    finds: [],
    species: [],
    photos: [],
    createdAt: `${date}T10:00:00.000Z`,
    updatedAt: `${date}T10:00:00.000Z`,
    ...overrides,
  };
}

/** A stored photo named `name`, as POST /api/v1/photos answers with 201. */
export function photoEntry(name: string) {
  return {
    url: `/api/files/u/${name}.webp?sig=a`,
    thumbnailUrl: `/api/files/u/${name}-thumb.webp?sig=a`,
    filePath: `u/${name}.webp`,
    thumbnailFilePath: `u/${name}-thumb.webp`,
    name,
    size: 1000,
    width: 800,
    height: 600,
    uploadedAt: '2024-06-01T12:00:00.000Z',
  };
}

/** A picked image file of `size` bytes. */
export const imageFile = (name: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
