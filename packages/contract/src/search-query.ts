import {
  formatMonths,
  isAccessStatus,
  isSpotKind,
  parseMonths,
  searchLimits,
  type SearchFacets,
} from './search-facets.ts';

/**
 * The query box (docs/behaviour.md#search): `chanterelle tree:oak month:jul-sep`. Free words and
 * "quoted phrases" must appear in the text; `-word` must not; `key:value` (value quoted when it
 * has spaces: `species:"golden chanterelle"`) sets a facet. An unknown key is a plain word
 * (`c:d` is text). Parsing never throws: what cannot be read is a problem naming its key.
 */

export interface QueryProblem {
  /** The key whose value is wrong (`month`), or `q` for the query as a whole. */
  key: string;
  message: string;
}
export interface ParsedQuery {
  facets: SearchFacets;
  problems: QueryProblem[];
}

const labelKeys = { species: 'species', terrain: 'terrain', tree: 'tree', category: 'category' };
type LabelKey = keyof typeof labelKeys;
const queryKeys = new Set([...Object.keys(labelKeys), 'month', 'year', 'access', 'kind', 'is']);

interface Token {
  negated: boolean;
  key?: string;
  value: string;
}

const isSpace = (char: string | undefined) => char !== undefined && /\s/u.test(char);

/** Reads a quoted text starting after its opening quote; an unclosed quote runs to the end. */
function readQuoted(query: string, start: number): [string, number] {
  const close = query.indexOf('"', start);
  return close < 0 ? [query.slice(start), query.length] : [query.slice(start, close), close + 1];
}

function readRun(query: string, start: number): [string, number] {
  let end = start;
  while (end < query.length && !isSpace(query[end])) end += 1;
  return [query.slice(start, end), end];
}

function tokens(query: string): Token[] {
  const found: Token[] = [];
  let at = 0;
  while (at < query.length) {
    if (isSpace(query[at])) {
      at += 1;
      continue;
    }
    const negated = query[at] === '-' && at + 1 < query.length && !isSpace(query[at + 1]);
    if (negated) at += 1;
    if (query[at] === '"') {
      const [value, next] = readQuoted(query, at + 1);
      found.push({ negated, value });
      at = next;
      continue;
    }
    const keyed = /([A-Za-z]+):/y;
    keyed.lastIndex = at;
    const key = keyed.exec(query)?.[1]?.toLowerCase();
    if (key !== undefined && queryKeys.has(key)) {
      const valueStart = keyed.lastIndex;
      const [value, next] =
        query[valueStart] === '"' ? readQuoted(query, valueStart + 1) : readRun(query, valueStart);
      found.push({ negated, key, value });
      at = next;
      continue;
    }
    const [value, next] = readRun(query, at);
    found.push({ negated, value });
    at = next;
  }
  return found;
}

function addTo(facets: SearchFacets, facet: LabelKey | 'text' | 'exclude', value: string) {
  const list = (facets[facet] ??= []);
  if (!list.includes(value)) list.push(value);
}

function applyKey(facets: SearchFacets, key: string, value: string): string | undefined {
  if (key in labelKeys) {
    addTo(facets, key as LabelKey, value);
    return undefined;
  }
  switch (key) {
    case 'month': {
      const months = parseMonths(value);
      if (!months) return 'a month or range: jul, 7, jul-sep, 11-2';
      facets.months = months;
      return undefined;
    }
    case 'year': {
      if (!/^\d{4}$/.test(value)) return 'a year of four digits: 2024';
      facets.year = Number(value);
      return undefined;
    }
    case 'access': {
      const status = value.toLowerCase();
      if (!isAccessStatus(status)) return 'one of open, ask, closed, no-foraging';
      if (!(facets.access ??= []).includes(status)) facets.access.push(status);
      return undefined;
    }
    case 'kind': {
      const kind = value.toLowerCase();
      if (!isSpotKind(kind)) return 'point or patch';
      facets.kind = kind;
      return undefined;
    }
    default: {
      if (value.toLowerCase() !== 'favorite') return 'is:favorite is the one is: there is';
      facets.favorite = true;
      return undefined;
    }
  }
}

/** The query box's text to facets, with what could not be read. Never throws. */
export function parseQuery(query: string): ParsedQuery {
  const facets: SearchFacets = {};
  const problems: QueryProblem[] = [];
  if (query.length > searchLimits.queryLength) {
    return {
      facets,
      problems: [{ key: 'q', message: `at most ${searchLimits.queryLength} characters` }],
    };
  }
  for (const token of tokens(query)) {
    const value = token.value.trim();
    if (token.key === undefined) {
      if (value !== '') addTo(facets, token.negated ? 'exclude' : 'text', value);
      continue;
    }
    if (token.negated) {
      problems.push({ key: token.key, message: 'a key cannot be excluded; -word excludes words' });
    } else if (value === '') {
      problems.push({ key: token.key, message: 'needs a value' });
    } else {
      const problem = applyKey(facets, token.key, value);
      if (problem !== undefined) problems.push({ key: token.key, message: problem });
    }
  }
  for (const [facet, values] of Object.entries(facets)) {
    if (Array.isArray(values) && values.length > searchLimits.values) {
      problems.push({ key: facet, message: `at most ${searchLimits.values} values` });
    }
  }
  return { facets, problems };
}

/** A value as the box reads it back; a quote inside a phrase cannot be written, so it goes. */
const quoted = (value: string) =>
  /\s/u.test(value) || /^["-]/.test(value) || /^[A-Za-z]+:/.test(value)
    ? `"${value.replaceAll('"', '')}"`
    : value;

/**
 * Facets to the query box's text (the chips write the query with it). The facets the box has
 * no key for (minQuantity, unit, bbox) are left out: they live in URL parameters only.
 */
export function formatQuery(facets: SearchFacets): string {
  const parts: string[] = [];
  for (const word of facets.text ?? []) parts.push(quoted(word));
  for (const key of Object.keys(labelKeys) as LabelKey[]) {
    for (const value of facets[key] ?? []) parts.push(`${key}:${quoted(value)}`);
  }
  if (facets.months) parts.push(`month:${formatMonths(facets.months)}`);
  if (facets.year !== undefined) parts.push(`year:${facets.year}`);
  for (const status of facets.access ?? []) parts.push(`access:${status}`);
  if (facets.kind) parts.push(`kind:${facets.kind}`);
  if (facets.favorite) parts.push('is:favorite');
  for (const word of facets.exclude ?? []) parts.push(`-${quoted(word)}`);
  return parts.join(' ');
}

/** Both sets of conditions at once: lists joined, a single value of `extra` replacing. */
export function mergeFacets(base: SearchFacets, extra: SearchFacets): SearchFacets {
  const merged: SearchFacets = { ...base, ...extra };
  for (const facet of ['species', 'terrain', 'tree', 'category', 'text', 'exclude'] as const) {
    const values = [...(base[facet] ?? []), ...(extra[facet] ?? [])];
    if (values.length > 0) merged[facet] = [...new Set(values)];
  }
  const access = [...(base.access ?? []), ...(extra.access ?? [])];
  if (access.length > 0) merged.access = [...new Set(access)];
  return merged;
}
