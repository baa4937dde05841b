import type { Find } from '@fj/contract/finds';
import type { Location } from '@fj/contract/locations';
import { speciesKey } from '@fj/contract/text-fold';
import { findsOf } from '../../lib/finds-text.ts';

/** One entry as the seasons see it: where, when, and what it found (nothing is a visit too). */
export interface JournalVisit {
  entryId: string;
  locationId: string;
  date: string;
  finds: Find[];
}

/** Every entry of the device's copy as a visit. */
export function visitsOf(locations: readonly Location[]): JournalVisit[] {
  const visits: JournalVisit[] = [];
  for (const location of locations)
    for (const entry of location.entries)
      visits.push({
        entryId: entry.id,
        locationId: location.id,
        date: entry.date,
        finds: entry.nothingFound ? [] : findsOf(entry),
      });
  return visits;
}

/** A spot where a species was found: how often, and when last. */
export interface SpeciesSpot {
  location: Location;
  found: number;
  lastFound: string;
}

/** The spots where the species was ever found, most finds first. */
export function spotsOf(locations: readonly Location[], species: string): SpeciesSpot[] {
  const key = speciesKey(species);
  const spots: SpeciesSpot[] = [];
  for (const location of locations) {
    let found = 0;
    let lastFound = '';
    for (const entry of location.entries) {
      if (entry.nothingFound) continue;
      if (!findsOf(entry).some((find) => speciesKey(find.species) === key)) continue;
      found += 1;
      if (entry.date > lastFound) lastFound = entry.date;
    }
    if (found > 0) spots.push({ location, found, lastFound });
  }
  return spots.sort((a, b) => b.found - a.found || b.lastFound.localeCompare(a.lastFound));
}

/** The species found at one spot, by name, each once (the first spelling kept). */
export function speciesFoundAt(location: Location): string[] {
  const names = new Map<string, string>();
  for (const entry of location.entries)
    if (!entry.nothingFound)
      for (const find of findsOf(entry))
        if (!names.has(speciesKey(find.species))) names.set(speciesKey(find.species), find.species);
  return [...names.values()].sort((a, b) => a.localeCompare(b));
}
