import type { Location } from '@fj/contract/locations';
import { distanceMeters, type LatLng } from '../../lib/geo.ts';
import { spotsOf, type JournalVisit } from './journal-visits.ts';
import { holdsToday, seasonRows } from './season-model.ts';

/** A species in season today, with its spots (nearest first when the position is known). */
export interface InSeasonNow {
  species: string;
  spots: { id: string; name: string; meters: number | null }[];
}

/**
 * "In season now" (docs/behaviour.md#seasons): the species whose window holds today. The
 * position, when given, orders the spots on the device and goes nowhere else.
 */
export function inSeasonNow(
  locations: readonly Location[],
  visits: readonly JournalVisit[],
  today: string,
  position: LatLng | null,
): InSeasonNow[] {
  return seasonRows(visits, today)
    .filter((row) => holdsToday(row.window, today))
    .map((row) => {
      const spots = spotsOf(locations, row.species).map(({ location }) => ({
        id: location.id,
        name: location.name,
        meters: position ? distanceMeters(position, location.position) : null,
      }));
      if (position) spots.sort((a, b) => (a.meters ?? 0) - (b.meters ?? 0));
      return { species: row.species, spots };
    });
}
