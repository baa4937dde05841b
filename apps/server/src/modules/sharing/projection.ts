import { createHmac } from 'node:crypto';
import type { Find } from '@fj/contract/finds';
import { gridSquare, squarePolygon } from '@fj/contract/grid';
import type { LocationDetails } from '@fj/contract/locations';
import type { ShareDatePrecision, SharedLocation, SharePrecision } from '@fj/contract/sharing';
import type { EntriesTable, LocationsTable, PhotosTable } from '../../db/schema.ts';
import { parseJson } from '../../lib/json.ts';
import type { EntryDetails } from '../../lib/entry-details.ts';

/** What a projection depends on of its share. */
export interface ProjectionPolicy {
  secret: string;
  precision: SharePrecision;
  dates: ShareDatePrecision;
  include: { finds: boolean; notes: boolean; photos: boolean };
}

/** A spot's projection and the photos it names: opaque id → real photo id. */
export interface Projection {
  location: SharedLocation;
  photoKeys: Record<string, string>;
}

/**
 * The id a viewer sees for a real id: an HMAC with the share's own secret (128 bits, base64url),
 * so no real id leaves and two shares of one spot give it different ids.
 */
export function opaqueId(secret: string, realId: string): string {
  return createHmac('sha256', secret).update(realId).digest('base64url').slice(0, 22);
}

/** `2026-08-15` cut to `2026-08` or `2026`. */
export function cutDate(date: string, dates: ShareDatePrecision): string {
  const day = date.slice(0, 10);
  return dates === 'day' ? day : dates === 'month' ? day.slice(0, 7) : day.slice(0, 4);
}

/** The place as the precision allows: position and patch, a grid square, or nothing. */
function place(row: LocationsTable, precision: SharePrecision): Partial<SharedLocation> {
  const lat = Number(row.lat);
  const lng = Number(row.lng);
  if (precision === 'hidden') return {};
  if (precision === 'exact') {
    const { area } = parseJson<LocationDetails>(row.details);
    return { position: { lat, lng }, ...(area ? { area } : {}) };
  }
  return { area: squarePolygon(gridSquare(precision, lat, lng)) };
}

/** The entry's finds as stored (migration 0008 turned older species lists into finds). */
function findsOf(details: EntryDetails): Find[] {
  return (details.finds ?? []).map(({ species, quantity, unit }) => ({
    species,
    ...(quantity !== null && quantity !== undefined ? { quantity } : {}),
    ...(unit ? { unit } : {}),
  }));
}

/**
 * What a viewer receives of one spot: built field by field from the rows, never the record with
 * fields taken out. createdAt, updatedAt, the description, the access note, favourites, categories
 * and real ids are never read here.
 */
export function projectLocation(
  policy: ProjectionPolicy,
  row: LocationsTable,
  entries: readonly EntriesTable[],
  photosOfEntry: ReadonlyMap<string, readonly PhotosTable[]>,
): Projection {
  const photoKeys: Record<string, string> = {};
  const ordered = [...entries].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const sharedEntries = ordered.map((entry) => {
    const details = parseJson<EntryDetails & { finds?: Find[] }>(entry.details);
    const photos = policy.include.photos
      ? (photosOfEntry.get(entry.id) ?? []).map((photo) => {
          const id = opaqueId(policy.secret, photo.id);
          photoKeys[id] = photo.id;
          return { id, width: photo.width, height: photo.height };
        })
      : undefined;
    return {
      id: opaqueId(policy.secret, entry.id),
      date: cutDate(entry.date, policy.dates),
      ...(policy.include.finds ? { finds: findsOf(details) } : {}),
      ...(policy.include.notes && details.notes ? { notes: details.notes } : {}),
      ...(photos ? { photos } : {}),
    };
  });
  return {
    location: {
      id: opaqueId(policy.secret, row.id),
      name: row.name,
      ...place(row, policy.precision),
      entries: sharedEntries,
    },
    photoKeys,
  };
}
