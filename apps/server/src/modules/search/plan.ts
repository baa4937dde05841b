import type { NormalizedSearch } from '@fj/contract/search-match';
import { docSeparator } from '../../db/search-index-rows.ts';

/*
 * How a search reads the index (docs/architecture.md#search-module): which index drives it, and
 * every value it is given. The SQL of a plan (repository.ts) depends only on its few flags, never
 * on the values: lists go as one parameter each, so a handful of statements serve every search
 * and the statement caches (db/statement-cache.ts, db/pg-prepared.ts) stay small whatever is
 * asked.
 */

/**
 * What reads first: `spots` alone (no visit conditions, no words); else entry_finds by species,
 * the words' trigram index (`text`), the visits of some months, of a year, or all the user's.
 */
export type Driver = 'spots' | 'finds' | 'text' | 'months' | 'year' | 'visits';

export interface SearchPlan {
  driver: Driver;
  /** A facet of the spot itself is asked: the visits' part reads search_spots too. */
  spotFacets: boolean;
  /** The finds driver reads the visit's row (for words or excluded words). */
  visitRow: boolean;
  /** Spots match by their own text (no visit facets, words given): a part of their own. */
  spotsAlone: boolean;
  /** A unit or quantity is asked: without, the finds driver reads its index alone. */
  findValues: boolean;
  terrain: string[];
  trees: string[];
  categories: string[];
  access: string[];
  kind: string | null;
  favorite: number | null;
  /** [west, south, east, north], and whether it crosses ±180°. */
  bbox: { box: [number, number, number, number]; wraps: boolean } | null;
  /** Every word and excluded word: checked on the spot's own text. */
  words: string[];
  excluded: string[];
  /** Words without the doc's separator: in the doc exactly when in the spot's or visit's text. */
  docWords: string[];
  docExcluded: string[];
  /** Words with a separator in them: checked on each text apart. */
  splitWords: string[];
  splitExcluded: string[];
  /** Every word without the separator has three characters or more: the match holds them all. */
  docIndexed: boolean;
  /** SQLite: an FTS5 expression of the words of three characters or more. */
  match: string;
  /** PostgreSQL: LIKE patterns of the two longest such words (`%` when fewer). */
  likes: [string, string];
  /** Months as two-digit codes, `07,08,09`, or '' for any. */
  monthCodes: string;
  months: number[];
  year: { from: string; to: string } | null;
  species: string[];
  unit: string | null;
  minQuantity: number | null;
}

/** FTS5's trigram tokenizer finds only strings of three characters or more. */
const indexable = (word: string) => [...word].length >= 3;
const ftsString = (word: string) => `"${word.replaceAll('"', '""')}"`;
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;
const two = (n: number) => String(n).padStart(2, '0');
const four = (n: number) => String(n).padStart(4, '0');

function monthsOf(search: NormalizedSearch): number[] {
  if (!search.months) return [];
  const { from, to } = search.months;
  return Array.from({ length: 12 }, (_, i) => i + 1).filter((month) =>
    from <= to ? month >= from && month <= to : month >= from || month <= to,
  );
}

function driverOf(search: NormalizedSearch, indexed: string[]): Driver {
  if (!search.visitFacets && search.words.length === 0) return 'spots';
  if (search.species.size > 0) return 'finds';
  if (indexed.length > 0) return 'text';
  if (search.months) return 'months';
  if (search.year !== undefined) return 'year';
  return 'visits';
}

export function planOf(search: NormalizedSearch): SearchPlan {
  const split = (word: string) => word.includes(docSeparator);
  const docWords = search.words.filter((word) => !split(word));
  const indexed = docWords.filter(indexable);
  const longest = [...indexed].sort((a, b) => b.length - a.length);
  const driver = driverOf(search, indexed);
  const months = monthsOf(search);
  const bbox = search.bbox;
  return {
    driver,
    spotFacets:
      search.terrain.size + search.tree.size + search.category.size > 0 ||
      search.access !== undefined ||
      search.kind !== undefined ||
      search.favorite !== undefined ||
      bbox !== undefined,
    visitRow: search.words.length + search.excluded.length > 0,
    spotsAlone: !search.visitFacets && search.words.length > 0,
    findValues: search.unit !== undefined || search.minQuantity !== undefined,
    terrain: [...search.terrain],
    trees: [...search.tree],
    categories: [...search.category],
    access: [...(search.access ?? [])],
    kind: search.kind ?? null,
    favorite: search.favorite === undefined ? null : search.favorite ? 1 : 0,
    bbox: bbox ? { box: bbox, wraps: bbox[0] > bbox[2] } : null,
    words: search.words,
    excluded: search.excluded,
    docWords,
    docExcluded: search.excluded.filter((word) => !split(word)),
    splitWords: search.words.filter(split),
    splitExcluded: search.excluded.filter(split),
    docIndexed: indexed.length === docWords.length,
    match: indexed.map(ftsString).join(' AND '),
    likes: [longest[0], longest[1]].map((word) => (word ? likePattern(word) : '%')) as [
      string,
      string,
    ],
    monthCodes: months.map(two).join(','),
    months,
    year:
      search.year === undefined
        ? null
        : { from: `${four(search.year)}-01-01`, to: `${four(search.year)}-12-31` },
    species: [...search.species],
    unit: search.unit ?? null,
    minQuantity: search.minQuantity ?? null,
  };
}
