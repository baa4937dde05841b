import type { Entry } from './entries.ts';
import { findsOfSpecies, type Find, type FindUnit } from './finds.ts';
import type { Location } from './locations.ts';
import {
  hasEntryFacets,
  inMonths,
  type AccessStatus,
  type MonthRange,
  type SearchFacets,
  type SpotKind,
} from './search-facets.ts';
import { foldText, speciesKey } from './text-fold.ts';

/*
 * What a search finds (docs/behaviour.md#search), the same on the device (searchJournal, over
 * the local copy) and on the server (which reads the same texts and folds from here).
 *
 * A spot matches when its own facets hold (terrain, tree, category, access, kind, favorite,
 * bbox), no excluded word is in its text, and then:
 * - the words found in the spot's own text (name, description, access note) are satisfied;
 * - if a visit facet is given (species, months, year, minQuantity, unit) or a word is left, at
 *   least one visit must meet every visit facet, hold every word left, and no excluded word;
 *   those visits are its entryIds. Otherwise it matches with no entryIds.
 * Order: the newest matching visit first (without visit conditions, the newest visit); spots
 * without one last; ties by id. entryIds: newest first, ties by id.
 */

/** The facets as both sides compare them: texts folded, labels keyed, empty words dropped. */
export interface NormalizedSearch {
  words: string[];
  excluded: string[];
  species: Set<string>;
  terrain: Set<string>;
  tree: Set<string>;
  category: Set<string>;
  access?: Set<AccessStatus>;
  kind?: SpotKind;
  favorite?: boolean;
  bbox?: [number, number, number, number];
  months?: MonthRange;
  year?: number;
  minQuantity?: number;
  unit?: FindUnit;
  /** Whether any visit facet is given: then every matching spot has a matching visit. */
  visitFacets: boolean;
}

/**
 * NUL and lone surrogates are dropped: no stored text holds them (PostgreSQL's text cannot), and
 * a driver would refuse or change them before the database compares.
 */
const storable = (text: string) => text.replace(/\0|\p{Cs}/gu, '');
const foldedWords = (words: readonly string[] = []) => [
  ...new Set(words.map((word) => foldText(storable(word))).filter((word) => word !== '')),
];
/** Labels to keys; one that folds to nothing matches nothing (a key no label has). */
const keys = (labels: readonly string[] = []) =>
  new Set(labels.map((label) => speciesKey(storable(label)) || '\uffff'));

export function normalizeSearch(facets: SearchFacets): NormalizedSearch {
  return {
    words: foldedWords(facets.text),
    excluded: foldedWords(facets.exclude),
    species: keys(facets.species),
    terrain: keys(facets.terrain),
    tree: keys(facets.tree),
    category: keys(facets.category),
    access: facets.access && facets.access.length > 0 ? new Set(facets.access) : undefined,
    kind: facets.kind,
    favorite: facets.favorite,
    bbox: facets.bbox,
    months: facets.months,
    year: facets.year,
    minQuantity: facets.minQuantity,
    unit: facets.unit,
    visitFacets: hasEntryFacets(facets),
  };
}

/** A spot's searched text: name, description and access note, folded. */
export const locationSearchText = (
  location: Pick<Location, 'name' | 'description' | 'access'>,
): string =>
  foldText([location.name, location.description ?? '', location.access?.note ?? ''].join('\n'));

/** An entry's finds, or for an entry written before finds, its species without quantities. */
export const findsOfEntry = (entry: Pick<Entry, 'finds' | 'species'>): Find[] =>
  entry.finds ?? findsOfSpecies(entry.species ?? []);

/** A visit's searched text: notes and the species found, folded. */
export const entrySearchText = (entry: Pick<Entry, 'notes' | 'finds' | 'species'>): string =>
  foldText([entry.notes ?? '', ...findsOfEntry(entry).map((find) => find.species)].join('\n'));

/*
 * Folds are kept per object: the device's journal replaces a location or entry when it changes,
 * so a search after the first one folds only what changed (200,000 entries fold in ~0.3 s).
 */
const spotFolds = new WeakMap<
  Location,
  { text: string; terrain?: string; trees: Set<string>; categories: Set<string> }
>();
const visitFolds = new WeakMap<Entry, { text: string; finds: { key: string; find: Find }[] }>();

function spotFold(location: Location) {
  let folded = spotFolds.get(location);
  if (!folded) {
    folded = {
      text: locationSearchText(location),
      terrain: location.terrainType === undefined ? undefined : speciesKey(location.terrainType),
      trees: new Set((location.treeTypes ?? []).map(speciesKey)),
      categories: new Set((location.categories ?? []).map(speciesKey)),
    };
    spotFolds.set(location, folded);
  }
  return folded;
}

function visitFold(entry: Entry) {
  let folded = visitFolds.get(entry);
  if (!folded) {
    const finds = findsOfEntry(entry).map((find) => ({ key: speciesKey(find.species), find }));
    folded = { text: entrySearchText(entry), finds };
    visitFolds.set(entry, folded);
  }
  return folded;
}

/** Whether a point lies in [west, south, east, north], which crosses ±180° when west > east. */
export function inBbox(box: readonly [number, number, number, number], lng: number, lat: number) {
  const [west, south, east, north] = box;
  if (lat < south || lat > north) return false;
  return west <= east ? lng >= west && lng <= east : lng >= west || lng <= east;
}

const anyIn = (wanted: Set<string>, keys: Set<string>) =>
  wanted.size === 0 || [...wanted].some((key) => keys.has(key));

export function spotFacetsHold(search: NormalizedSearch, location: Location): boolean {
  const folded = spotFold(location);
  if (search.terrain.size > 0) {
    if (folded.terrain === undefined || !search.terrain.has(folded.terrain)) return false;
  }
  if (!anyIn(search.tree, folded.trees) || !anyIn(search.category, folded.categories)) return false;
  if (search.access && !(location.access && search.access.has(location.access.status)))
    return false;
  if (search.kind && search.kind !== (location.area ? 'patch' : 'point')) return false;
  if (search.favorite !== undefined && search.favorite !== location.favorite) return false;
  return !search.bbox || inBbox(search.bbox, location.position.lng, location.position.lat);
}

/** The find conditions (species, minQuantity, unit) of one find, its species keyed. */
export function findHolds(search: NormalizedSearch, find: Find, key = speciesKey(find.species)) {
  if (search.species.size > 0 && !search.species.has(key)) return false;
  if (search.unit !== undefined && find.unit !== search.unit) return false;
  if (search.minQuantity === undefined) return true;
  return (
    find.quantity !== undefined && find.quantity !== null && find.quantity >= search.minQuantity
  );
}

/** The visit facets of one entry, words aside. */
export function visitFacetsHold(search: NormalizedSearch, entry: Entry): boolean {
  if (search.year !== undefined && Number(entry.date.slice(0, 4)) !== search.year) return false;
  if (search.months && !inMonths(search.months, Number(entry.date.slice(5, 7)))) return false;
  const findFacets =
    search.species.size > 0 || search.minQuantity !== undefined || search.unit !== undefined;
  return (
    !findFacets || visitFold(entry).finds.some(({ key, find }) => findHolds(search, find, key))
  );
}

interface Ranked<L> {
  location: L;
  entryIds: string[];
  /** The newest matching visit's date, or the newest visit's; undefined without one. */
  newest?: string;
  id: string;
}

/** Newest first, spots without a visit last, ties by id (both sides order in JavaScript). */
export function ranked<L>(matches: Ranked<L>[]): { location: L; entryIds: string[] }[] {
  const byDate = (a: Ranked<L>, b: Ranked<L>) => {
    if (a.newest !== b.newest) {
      if (a.newest === undefined) return 1;
      if (b.newest === undefined) return -1;
      return a.newest < b.newest ? 1 : -1;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
  return matches.sort(byDate).map(({ location, entryIds }) => ({ location, entryIds }));
}

/** Entries newest first, ties by id. */
export const newestFirst = (a: { id: string; date: string }, b: { id: string; date: string }) =>
  a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** The device's search over its copy of the journal. */
export function searchJournal(
  locations: readonly Location[],
  facets: SearchFacets,
): { location: Location; entryIds: string[] }[] {
  const search = normalizeSearch(facets);
  const matches: Ranked<Location>[] = [];
  for (const location of locations) {
    if (!spotFacetsHold(search, location)) continue;
    const text = spotFold(location).text;
    if (search.excluded.some((word) => text.includes(word))) continue;
    const left = search.words.filter((word) => !text.includes(word));
    if (!search.visitFacets && left.length === 0) {
      const newest = location.entries.reduce<string | undefined>(
        (max, entry) => (max === undefined || entry.date > max ? entry.date : max),
        undefined,
      );
      matches.push({ location, entryIds: [], newest, id: location.id });
      continue;
    }
    const visits = location.entries.filter((entry) => {
      if (!visitFacetsHold(search, entry)) return false;
      const entryText = visitFold(entry).text;
      return (
        left.every((word) => entryText.includes(word)) &&
        !search.excluded.some((word) => entryText.includes(word))
      );
    });
    if (visits.length === 0) continue;
    visits.sort(newestFirst);
    const entryIds = visits.map((entry) => entry.id);
    matches.push({ location, entryIds, newest: visits[0]?.date, id: location.id });
  }
  return ranked(matches);
}
