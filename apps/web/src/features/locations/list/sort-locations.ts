import type { Location } from '@fj/contract/locations';
import { distanceMeters, type LatLng } from '../../../lib/geo.ts';

export const locationSorts = [
  { value: 'nearest', label: 'Nearest' },
  { value: 'name', label: 'Name A–Z' },
  { value: 'last-visit', label: 'Last visit' },
  { value: 'created', label: 'Newest added' },
] as const;
export type LocationSort = (typeof locationSorts)[number]['value'];

/** The orders on offer: "Nearest" only while the device's position is known. */
export function sortsFor(position: LatLng | null) {
  return position ? locationSorts : locationSorts.filter((sort) => sort.value !== 'nearest');
}

/** The order a list opens in: nearest first when the position is known, else the last visit. */
export const defaultSort = (position: LatLng | null): LocationSort =>
  position ? 'nearest' : 'last-visit';

/** The newest entry date (YYYY-MM-DD), or null for a spot never visited. */
export function lastVisit(location: Location): string | null {
  let newest: string | null = null;
  for (const entry of location.entries)
    if (newest === null || entry.date > newest) newest = entry.date;
  return newest;
}

// One collator for every comparison: localeCompare with options builds one per call, which
// made sorting 20,000 spots by name take most of a second.
const names = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const byName = (a: Location, b: Location) => names.compare(a.name, b.name);

/** Newest first; a missing value goes last. ISO strings compare correctly as text. */
function newestFirst(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? 1 : -1;
}

/**
 * A sorted copy; ties fall back to the name so the order never jumps between renders.
 * "Nearest" without a position falls back to the last visit.
 */
export function sortLocations(
  locations: readonly Location[],
  sort: LocationSort,
  position: LatLng | null = null,
): Location[] {
  if (sort === 'name') return [...locations].sort(byName);
  // Computed once per spot, not once per comparison: 5,000 spots sort in a blink.
  if (sort === 'nearest' && position) {
    const meters = new Map(
      locations.map((location) => [location, distanceMeters(position, location.position)]),
    );
    return [...locations].sort(
      (a, b) => (meters.get(a) ?? 0) - (meters.get(b) ?? 0) || byName(a, b),
    );
  }
  const key = new Map(
    locations.map((location) => [
      location,
      sort === 'created' ? location.createdAt : lastVisit(location),
    ]),
  );
  return [...locations].sort(
    (a, b) => newestFirst(key.get(a) ?? null, key.get(b) ?? null) || byName(a, b),
  );
}

/** The thumbnail (or the photo) of the newest entry that has one, for the list's row. */
export function newestPhoto(location: Location): string | null {
  let newest: { date: string; url: string } | null = null;
  for (const entry of location.entries) {
    const photo = entry.photos?.[0];
    if (photo && (newest === null || entry.date > newest.date))
      newest = { date: entry.date, url: photo.thumbnailUrl ?? photo.url };
  }
  return newest?.url ?? null;
}
