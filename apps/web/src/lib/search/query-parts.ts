import { formatQuery, parseQuery } from '@fj/contract/search-query';
import { isAccessStatus, type SearchFacets } from '@fj/contract/search-facets';
import { speciesKey } from '@fj/contract/text-fold';

/*
 * Editing the query box's text one condition at a time (docs/behaviour.md#search-page): a chip
 * adds `tree:oak` at the end, or takes out the parts that say it, and leaves the rest of what
 * the user typed as it was. The box's text is split where the contract's parser splits it
 * (search-query.ts), so each part reads alone as it read in the whole.
 */

/** The keys the parser knows; `c:d` with any other key is a plain word. */
const queryKeys = new Set([
  'species',
  'terrain',
  'tree',
  'category',
  'month',
  'year',
  'access',
  'kind',
  'is',
]);
const isSpace = (char: string | undefined) => char !== undefined && /\s/u.test(char);

function afterQuoted(query: string, start: number): number {
  const close = query.indexOf('"', start);
  return close < 0 ? query.length : close + 1;
}

function afterRun(query: string, start: number): number {
  let end = start;
  while (end < query.length && !isSpace(query[end])) end += 1;
  return end;
}

/** The box's text as the parser's tokens, each as written: `tree:oak`, `"a phrase"`, `-word`. */
export function queryParts(query: string): string[] {
  const parts: string[] = [];
  let at = 0;
  while (at < query.length) {
    if (isSpace(query[at])) {
      at += 1;
      continue;
    }
    const start = at;
    if (query[at] === '-' && at + 1 < query.length && !isSpace(query[at + 1])) at += 1;
    if (query[at] === '"') {
      at = afterQuoted(query, at + 1);
    } else {
      const keyed = /([A-Za-z]+):/y;
      keyed.lastIndex = at;
      const key = keyed.exec(query)?.[1]?.toLowerCase();
      if (key !== undefined && queryKeys.has(key)) {
        const valueStart = keyed.lastIndex;
        at =
          query[valueStart] === '"'
            ? afterQuoted(query, valueStart + 1)
            : afterRun(query, valueStart);
      } else {
        at = afterRun(query, at);
      }
    }
    parts.push(query.slice(start, at));
  }
  return parts;
}

/** One condition of a search: a facet and one of its values, as the chips and the URL say it. */
export type ConditionKey =
  | 'species'
  | 'terrain'
  | 'tree'
  | 'category'
  | 'access'
  | 'text'
  | 'exclude'
  | 'months'
  | 'year'
  | 'kind'
  | 'favorite'
  | 'minQuantity'
  | 'unit'
  | 'bbox';

export interface Condition {
  key: ConditionKey;
  /** The value as the URL writes it: `oak`, `7-9`, `true`, `w,s,e,n`. */
  value: string;
}

const listKeys = ['species', 'terrain', 'tree', 'category', 'access', 'text', 'exclude'] as const;
type ListKey = (typeof listKeys)[number];
const isListKey = (key: ConditionKey): key is ListKey =>
  (listKeys as readonly string[]).includes(key);

/** Every condition the facets hold, in the order the box writes them. */
export function conditionsOf(facets: SearchFacets): Condition[] {
  const found: Condition[] = [];
  for (const key of ['text', 'species', 'terrain', 'tree', 'category'] as const)
    for (const value of facets[key] ?? []) found.push({ key, value });
  if (facets.months)
    found.push({ key: 'months', value: `${facets.months.from}-${facets.months.to}` });
  if (facets.year !== undefined) found.push({ key: 'year', value: String(facets.year) });
  for (const value of facets.access ?? []) found.push({ key: 'access', value });
  if (facets.kind) found.push({ key: 'kind', value: facets.kind });
  if (facets.favorite !== undefined)
    found.push({ key: 'favorite', value: String(facets.favorite) });
  if (facets.minQuantity !== undefined)
    found.push({ key: 'minQuantity', value: String(facets.minQuantity) });
  if (facets.unit) found.push({ key: 'unit', value: facets.unit });
  if (facets.bbox) found.push({ key: 'bbox', value: facets.bbox.join(',') });
  for (const value of facets.exclude ?? []) found.push({ key: 'exclude', value });
  return found;
}

/** Labels and words compare as the search compares them: case and accents aside. */
const sameValue = (key: ConditionKey, a: string, b: string) =>
  key === 'text' || key === 'exclude' || isListKey(key) ? speciesKey(a) === speciesKey(b) : a === b;

/** Whether the facets hold this condition (a month range: exactly this one). */
export function holdsCondition(facets: SearchFacets, condition: Condition): boolean {
  return conditionsOf(facets).some(
    (held) => held.key === condition.key && sameValue(held.key, held.value, condition.value),
  );
}

/** The facets of one condition alone: what formatQuery writes it as. */
function facetsOf(condition: Condition): SearchFacets {
  const { key, value } = condition;
  if (key === 'access') return isAccessStatus(value) ? { access: [value] } : {};
  if (isListKey(key)) return { [key]: [value] };
  if (key === 'months') {
    const [from = 1, to = from] = value.split('-').map(Number);
    return { months: { from, to } };
  }
  if (key === 'year') return { year: Number(value) };
  if (key === 'kind') return value === 'patch' || value === 'point' ? { kind: value } : {};
  if (key === 'favorite') return { favorite: value === 'true' };
  return {};
}

/** The condition as the box writes it (`tree:oak`, `month:7-9`, `is:favorite`), or '' for none. */
export const conditionText = (condition: Condition): string => formatQuery(facetsOf(condition));

/** The box's text without the parts that say this condition. */
export function withoutCondition(query: string, condition: Condition): string {
  return queryParts(query)
    .filter((part) => !holdsCondition(parseQuery(part).facets, condition))
    .join(' ');
}

/** Single-valued keys: a new value replaces the old one rather than joining it. */
const singleKeys = new Set<ConditionKey>(['months', 'year', 'kind', 'favorite']);

/**
 * The box's text with the condition added at the end (a single-valued one replacing the value
 * there), or, when the box already holds it, taken out: what tapping a chip does.
 */
export function toggleCondition(query: string, condition: Condition): string {
  const facets = parseQuery(query).facets;
  if (holdsCondition(facets, condition)) return withoutCondition(query, condition);
  let kept = query;
  if (singleKeys.has(condition.key))
    for (const held of conditionsOf(facets))
      if (held.key === condition.key) kept = withoutCondition(kept, held);
  const text = conditionText(condition);
  return [kept.trimEnd(), text].filter((piece) => piece !== '').join(' ');
}
