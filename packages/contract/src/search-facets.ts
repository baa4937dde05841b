import { accessStatuses } from './locations.ts';
import { findUnits, type FindUnit } from './finds.ts';

/**
 * What a search asks (docs/behaviour.md#search): the facets, written by the query box
 * (search-query.ts) or by URL parameters (search-params.ts). Every list is "any of" (two
 * `tree:` values: either tree); different facets must all hold.
 */
export interface SearchFacets {
  /** Species found on a visit, matched as whole names (folded, see text-fold.ts). */
  species?: string[];
  terrain?: string[];
  tree?: string[];
  category?: string[];
  /** Visits in these months: `from` to `to`, wrapping past December when `from > to`. */
  months?: MonthRange;
  /** Visits in this year. */
  year?: number;
  /** A find of at least this quantity (of a given species, when `species` is given). */
  minQuantity?: number;
  /** ...counted in this unit. */
  unit?: FindUnit;
  access?: AccessStatus[];
  kind?: SpotKind;
  favorite?: boolean;
  /** [west, south, east, north]; west > east crosses the antimeridian. */
  bbox?: [number, number, number, number];
  /** Words or phrases that must each appear in the spot's text or a visit's text. */
  text?: string[];
  /** Words or phrases that must not appear (a spot or visit containing one is left out). */
  exclude?: string[];
}

export interface MonthRange {
  from: number;
  to: number;
}
export type AccessStatus = (typeof accessStatuses)[number];
export const spotKinds = ['point', 'patch'] as const;
export type SpotKind = (typeof spotKinds)[number];

/** The facets whose values are lists of labels or text. */
export const listFacets = [
  'species',
  'terrain',
  'tree',
  'category',
  'access',
  'text',
  'exclude',
] as const;

/** Bounds that keep any query cheap: a longer query gets a 400, never a slow answer. */
export const searchLimits = {
  queryLength: 2_000,
  /** Values of one facet, words and phrases included; each at most queryLength long. */
  values: 50,
  defaultLimit: 100,
  maxLimit: 1_000,
  maxOffset: 1_000_000,
} as const;

const monthNames = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** `7`, `07`, `jul`, `july` (any case) to 1–12; undefined for anything else. */
export function monthNumber(text: string): number | undefined {
  const lower = text.trim().toLowerCase();
  if (/^\d{1,2}$/.test(lower)) {
    const month = Number(lower);
    return month >= 1 && month <= 12 ? month : undefined;
  }
  if (lower.length < 3) return undefined;
  const index = monthNames.findIndex((name) => name.startsWith(lower));
  return index >= 0 ? index + 1 : undefined;
}

/** `7-9`, `11-2`, `jul-sep`, `7`: a month range, or undefined. */
export function parseMonths(text: string): MonthRange | undefined {
  const parts = text.split('-');
  if (parts.length > 2) return undefined;
  const from = monthNumber(parts[0] ?? '');
  const to = parts.length === 2 ? monthNumber(parts[1] ?? '') : from;
  return from !== undefined && to !== undefined ? { from, to } : undefined;
}

export const formatMonths = (range: MonthRange) =>
  range.from === range.to ? String(range.from) : `${range.from}-${range.to}`;

/** Whether month (1–12) lies in the range, which wraps past December when from > to. */
export const inMonths = (range: MonthRange, month: number) =>
  range.from <= range.to
    ? month >= range.from && month <= range.to
    : month >= range.from || month <= range.to;

export const isAccessStatus = (text: string): text is AccessStatus =>
  (accessStatuses as readonly string[]).includes(text);
export const isSpotKind = (text: string): text is SpotKind =>
  (spotKinds as readonly string[]).includes(text);
export const isFindUnit = (text: string): text is FindUnit =>
  (findUnits as readonly string[]).includes(text);

/** `west,south,east,north` in degrees, or a message saying what is wrong. */
export function parseBbox(text: string): [number, number, number, number] | string {
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((part) => part.trim() === '')) {
    return 'must be west,south,east,north';
  }
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  if (![west, south, east, north].every(Number.isFinite)) return 'must be four numbers';
  if (Math.abs(west) > 180 || Math.abs(east) > 180) return 'longitudes are -180 to 180';
  if (Math.abs(south) > 90 || Math.abs(north) > 90) return 'latitudes are -90 to 90';
  if (south > north) return 'south must not be north of north';
  return [west, south, east, north];
}

/** Whether the search asks anything of a visit (docs/behaviour.md#search). */
export const hasEntryFacets = (facets: SearchFacets) =>
  (facets.species?.length ?? 0) > 0 ||
  facets.months !== undefined ||
  facets.year !== undefined ||
  facets.minQuantity !== undefined ||
  facets.unit !== undefined;
