import { z } from './zod.ts';
import { boundedArray } from './cheap-checks.ts';
import { labelSchema } from './common.ts';
import { findUnits } from './finds.ts';
import { accessStatuses } from './locations.ts';
import {
  formatMonths,
  parseBbox,
  parseMonths,
  searchLimits,
  spotKinds,
  type SearchFacets,
} from './search-facets.ts';
import { mergeFacets, parseQuery } from './search-query.ts';

/*
 * GET /api/v1/search's parameters (docs/behaviour.md#search) and the web's `/locations?…`: one
 * parameter per facet, a list facet repeated (`tree=oak&tree=beech`), and `q`, the query box,
 * whose conditions join the others'.
 */

/** A parameter given once is a string, repeated an array: both read as a list. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    boundedArray(item, searchLimits.values).optional(),
  );

const textValue = z.string().trim().min(1).max(searchLimits.queryLength);
const decimal = /^\d+(\.\d+)?$/;

export const searchQuerySchema = z
  .object({
    q: z.string().max(searchLimits.queryLength).optional(),
    species: listOf(labelSchema),
    terrain: listOf(labelSchema),
    tree: listOf(labelSchema),
    category: listOf(labelSchema),
    text: listOf(textValue),
    exclude: listOf(textValue),
    months: z
      .string()
      .transform((value, ctx) => {
        const months = parseMonths(value);
        if (!months) ctx.addIssue({ code: 'custom', message: 'months: 7, 7-9 or 11-2 (1 to 12)' });
        return months ?? { from: 1, to: 12 };
      })
      .optional(),
    year: z
      .string()
      .regex(/^\d{4}$/, 'a year of four digits')
      .transform(Number)
      .optional(),
    minQuantity: z
      .string()
      .regex(decimal, 'a number, at least 0')
      .transform(Number)
      .pipe(z.number().max(1e9))
      .optional(),
    unit: z.enum(findUnits).optional(),
    access: listOf(z.enum(accessStatuses)),
    kind: z.enum(spotKinds).optional(),
    favorite: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    bbox: z
      .string()
      .max(200)
      .transform((value, ctx) => {
        const box = parseBbox(value);
        if (typeof box === 'string') ctx.addIssue({ code: 'custom', message: box });
        return typeof box === 'string' ? undefined : box;
      })
      .optional(),
    limit: z
      .string()
      .regex(/^\d+$/, 'a whole number')
      .transform(Number)
      .pipe(z.number().min(1).max(searchLimits.maxLimit))
      .prefault(String(searchLimits.defaultLimit)),
    offset: z
      .string()
      .regex(/^\d+$/, 'a whole number')
      .transform(Number)
      .pipe(z.number().max(searchLimits.maxOffset))
      .prefault('0'),
  })
  .superRefine((query, ctx) => {
    // The box's problems name their key: `q: month: a month or range…`.
    const problems = query.q === undefined ? [] : parseQuery(query.q).problems;
    for (const problem of problems) {
      ctx.addIssue({ code: 'custom', path: ['q'], message: `${problem.key}: ${problem.message}` });
    }
  });
export type SearchQuery = z.output<typeof searchQuerySchema>;
export type SearchQueryInput = z.input<typeof searchQuerySchema>;

/** The parameters' facets, `q`'s joined in. Call on a query the schema accepted. */
export function facetsOfQuery(query: SearchQuery): SearchFacets {
  const paging = new Set(['q', 'limit', 'offset']);
  const given: SearchFacets = Object.fromEntries(
    Object.entries(query).filter(([key, value]) => !paging.has(key) && value !== undefined),
  );
  const q = query.q;
  return q === undefined ? given : mergeFacets(given, parseQuery(q).facets);
}

/** Facets to URL parameters (`/locations?…`, GET /search?…); the inverse of the schema. */
export function searchParamsOf(facets: SearchFacets): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['species', 'terrain', 'tree', 'category', 'text', 'exclude'] as const) {
    for (const value of facets[key] ?? []) params.append(key, value);
  }
  if (facets.months) params.set('months', formatMonths(facets.months));
  if (facets.year !== undefined) params.set('year', String(facets.year));
  if (facets.minQuantity !== undefined) params.set('minQuantity', String(facets.minQuantity));
  if (facets.unit) params.set('unit', facets.unit);
  for (const status of facets.access ?? []) params.append('access', status);
  if (facets.kind) params.set('kind', facets.kind);
  if (facets.favorite !== undefined) params.set('favorite', String(facets.favorite));
  if (facets.bbox) params.set('bbox', facets.bbox.join(','));
  return params;
}

/** URL parameters as the server reads them: a repeated key is a list. */
export function paramsObject(params: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    object[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return object;
}
