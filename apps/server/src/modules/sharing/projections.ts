import type { SharedLocation, ShareDatePrecision, SharePrecision } from '@fj/contract/sharing';
import type { Executor } from '../../db/executor.ts';
import type { EntriesTable, LocationsTable, PhotosTable, SharesTable } from '../../db/schema.ts';
import { parseJson } from '../../lib/json.ts';
import { photosByEntry } from '../entries/mapping.ts';
import { projectLocation, type Projection, type ProjectionPolicy } from './projection.ts';
import { sharesRepository } from './repository.ts';

export function policyOf(share: SharesTable): ProjectionPolicy {
  return {
    secret: share.secret,
    precision: share.precision as SharePrecision,
    dates: share.dates as ShareDatePrecision,
    include: {
      finds: Boolean(share.include_finds),
      notes: Boolean(share.include_notes),
      photos: Boolean(share.include_photos),
    },
  };
}

export interface SharedSpots {
  locations: SharedLocation[];
  /** Opaque photo id → real photo id, over every spot of the share. */
  photoKeys: Map<string, string>;
}

/** Each location's projection under the policy, by real location id. */
export function projectRows(
  policy: ProjectionPolicy,
  sources: { locations: LocationsTable[]; entries: EntriesTable[]; photos: PhotosTable[] },
): Map<string, Projection> {
  const photoGroups = photosByEntry(sources.photos);
  const entriesOf = new Map<string, EntriesTable[]>();
  for (const entry of sources.entries) {
    const group = entriesOf.get(entry.location_id);
    if (group) group.push(entry);
    else entriesOf.set(entry.location_id, [entry]);
  }
  const projected = new Map<string, Projection>();
  for (const location of sources.locations)
    projected.set(
      location.id,
      projectLocation(policy, location, entriesOf.get(location.id) ?? [], photoGroups),
    );
  return projected;
}

/**
 * The share's spots as viewers receive them. Each spot's projection is stored with the share
 * version and location revision it was computed from, and computed again only when either
 * changed: every server reads the same rows, so none serves an older policy than the database's.
 */
export async function sharedSpots(db: Executor, share: SharesTable): Promise<SharedSpots> {
  const spots = await sharesRepository.spotsOf(db, share);
  const stale = spots.filter(
    (spot) =>
      spot.projection === null ||
      spot.projected_version !== share.version ||
      Number(spot.projected_revision) !== Number(spot.location_revision),
  );
  const fresh = new Map<string, { projection: string; photoKeys: string }>();
  if (stale.length > 0) {
    const ids = stale.map((spot) => spot.location_id);
    const sources = await sharesRepository.sources(db, share.user_id, ids);
    const locations = new Map(sources.locations.map((row) => [row.id, row]));
    for (const [id, { location, photoKeys }] of projectRows(policyOf(share), sources)) {
      const row = {
        share_id: share.id,
        location_id: id,
        projection: JSON.stringify(location),
        photo_keys: JSON.stringify(photoKeys),
        projected_version: share.version,
        projected_revision: Number(locations.get(id)?.revision),
      };
      await sharesRepository.storeProjection(db, row);
      fresh.set(id, { projection: row.projection, photoKeys: row.photo_keys });
    }
  }
  const result: SharedSpots = { locations: [], photoKeys: new Map() };
  for (const spot of spots) {
    const stored = fresh.get(spot.location_id) ?? {
      projection: spot.projection,
      photoKeys: spot.photo_keys,
    };
    if (stored.projection === null) continue;
    result.locations.push(parseJson<SharedLocation>(stored.projection));
    const keys = parseJson<Record<string, string>>(stored.photoKeys ?? '{}');
    for (const [opaque, real] of Object.entries(keys)) result.photoKeys.set(opaque, real);
  }
  return result;
}
