import type { SearchFacets } from '@fj/contract/search-facets';
import { facetsOfQuery, paramsObject, searchQuerySchema } from '@fj/contract/search-params';
import { parseQuery, type QueryProblem } from '@fj/contract/search-query';
import {
  conditionsOf,
  holdsCondition,
  queryParts,
  withoutCondition,
  type Condition,
} from './query-parts.ts';

/*
 * A search as the URL holds it (docs/behaviour.md#search-page): `q`, the box's text, and the
 * facets the box has no key for, or that a link gave as parameters (`minQuantity`, `unit`,
 * `bbox`, `tree=oak`…), under the names GET /search takes. Back, reload and a bookmark keep it.
 */

/** GET /search's facet parameters besides `q` (contract/search-params.ts). */
export const facetParams = [
  'species',
  'terrain',
  'tree',
  'category',
  'text',
  'exclude',
  'months',
  'year',
  'minQuantity',
  'unit',
  'access',
  'kind',
  'favorite',
  'bbox',
] as const;
const searchKeys = new Set<string>(['q', ...facetParams]);

export interface SearchRequest {
  /** The query box's text, as typed. */
  q: string;
  /** The other facet parameters, in URL order (a repeated key: any of). */
  extra: readonly (readonly [string, string])[];
}

export const emptyRequest: SearchRequest = { q: '', extra: [] };

/** The search a URL's parameters hold; other parameters (`location`) are not its business. */
export function requestOf(params: URLSearchParams): SearchRequest {
  const extra: [string, string][] = [];
  for (const [key, value] of params)
    if (key !== 'q' && searchKeys.has(key)) extra.push([key, value]);
  return { q: params.get('q') ?? '', extra };
}

/** The request as parameters: `q` first (when not blank), then the others. */
export function paramsOf(request: SearchRequest): URLSearchParams {
  const params = new URLSearchParams();
  if (request.q.trim() !== '') params.set('q', request.q);
  for (const [key, value] of request.extra) params.append(key, value);
  return params;
}

/** One text per search, the same for the same request (a cache key, a React key). */
export const requestKey = (request: SearchRequest) => paramsOf(request).toString();

/** The URL's parameters with this search in place of the one they held; the rest kept. */
export function withRequest(params: URLSearchParams, request: SearchRequest): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) if (!searchKeys.has(key)) next.append(key, value);
  for (const [key, value] of paramsOf(request)) next.append(key, value);
  return next;
}

/** A path with the search in its query: `/locations?q=…`, `/?q=…&location=…`. */
export function hrefWith(
  path: string,
  request: SearchRequest,
  others: Record<string, string> = {},
) {
  const params = paramsOf(request);
  for (const [key, value] of Object.entries(others)) params.set(key, value);
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

export interface ReadRequest {
  facets: SearchFacets;
  /** What cannot be read, each naming its key (`month`, `year`, `bbox`…): nothing is searched. */
  problems: QueryProblem[];
  /** Whether there is anything to search for (some condition, and no problem). */
  active: boolean;
}

/** The request's facets as GET /search reads them, or the problems it would answer 400 for. */
export function readRequest(request: SearchRequest): ReadRequest {
  const problems: QueryProblem[] = [...parseQuery(request.q).problems];
  const parsed = searchQuerySchema.safeParse(paramsObject(paramsOf(request)));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'q');
      // The box's own problems are above, each naming its key.
      if (key !== 'q') problems.push({ key, message: issue.message });
    }
  }
  if (problems.length > 0 || !parsed.success) return { facets: {}, problems, active: false };
  const facets = facetsOfQuery(parsed.data);
  return { facets, problems, active: conditionsOf(facets).length > 0 };
}

/** The request without one condition, wherever it was said: in the box or as a parameter. */
export function dropCondition(request: SearchRequest, condition: Condition): SearchRequest {
  const q = withoutCondition(request.q, condition);
  const extra = request.extra.filter(([key, value]) => {
    if (key !== condition.key) return true;
    return !holdsCondition(readRequest({ q: '', extra: [[key, value]] }).facets, condition);
  });
  return { q, extra };
}

/** The request without what a problem names: the box's `month:` parts, or the parameter. */
export function dropProblem(request: SearchRequest, problem: QueryProblem): SearchRequest {
  if (problem.key === 'q') return { ...request, q: '' };
  const prefix = `${problem.key.toLowerCase()}:`;
  const q = queryParts(request.q)
    .filter((part) => !part.replace(/^-/, '').toLowerCase().startsWith(prefix))
    .join(' ');
  return { q, extra: request.extra.filter(([key]) => key !== problem.key) };
}
