import type { Location } from '@fj/contract/locations';
import type { PlaceResult } from '../../lib/maps/places-library.ts';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** The user's own spots whose name contains the query; names starting with it come first. */
export function matchOwnLocations(
  locations: readonly Location[],
  query: string,
  limit = 5,
): PlaceResult[] {
  const needle = fold(query);
  if (!needle) return [];
  return locations
    .map((location) => ({ location, at: fold(location.name).indexOf(needle) }))
    .filter((match) => match.at >= 0)
    .sort((a, b) => a.at - b.at || a.location.name.localeCompare(b.location.name))
    .slice(0, limit)
    .map(({ location }) => ({
      key: `own-${location.id}`,
      label: location.name,
      detail: 'Your spot',
      lat: location.position.lat,
      lng: location.position.lng,
      locationId: location.id,
    }));
}
