import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchFacets } from '../src/search-facets.ts';
import {
  facetsOfQuery,
  paramsObject,
  searchParamsOf,
  searchQuerySchema,
} from '../src/search-params.ts';
import { formatQuery, parseQuery } from '../src/search-query.ts';

/** The query box: each query and the facets (and problems) it must parse to. */
const table: [string, SearchFacets, string[]?][] = [
  ['', {}],
  ['   ', {}],
  [
    'chanterelle tree:oak month:jul-sep',
    { text: ['chanterelle'], tree: ['oak'], months: { from: 7, to: 9 } },
  ],
  ['species:morel tree:ash', { species: ['morel'], tree: ['ash'] }],
  ['species:"golden chanterelle"', { species: ['golden chanterelle'] }],
  ['tree:oak tree:beech', { tree: ['oak', 'beech'] }],
  ['tree:oak tree:oak', { tree: ['oak'] }],
  ['TREE:Oak', { tree: ['Oak'] }],
  ['terrain:forest category:mushrooms', { terrain: ['forest'], category: ['mushrooms'] }],
  ['month:11-2', { months: { from: 11, to: 2 } }],
  ['month:nov-feb', { months: { from: 11, to: 2 } }],
  ['month:July', { months: { from: 7, to: 7 } }],
  ['month:7', { months: { from: 7, to: 7 } }],
  ['month:13', {}, ['month']],
  ['month:ju', {}, ['month']],
  ['month:1-2-3', {}, ['month']],
  ['year:2023', { year: 2023 }],
  ['year:23', {}, ['year']],
  ['access:open access:ASK', { access: ['open', 'ask'] }],
  ['access:maybe', {}, ['access']],
  ['kind:patch', { kind: 'patch' }],
  ['kind:line', {}, ['kind']],
  ['is:favorite', { favorite: true }],
  ['is:closed', {}, ['is']],
  ['tree:', {}, ['tree']],
  ['-tree:oak', {}, ['tree']],
  ['"old beech" -spruce', { text: ['old beech'], exclude: ['spruce'] }],
  ['-"clear cut"', { exclude: ['clear cut'] }],
  ['"unclosed phrase', { text: ['unclosed phrase'] }],
  ['""', {}],
  ['-', { text: ['-'] }],
  ['- oak', { text: ['-', 'oak'] }],
  ["c++ NEAR( %_ ' \\", { text: ['c++', 'NEAR(', '%_', "'", '\\'] }],
  ['foo:bar', { text: ['foo:bar'] }],
  ['cèpe 🍄', { text: ['cèpe', '🍄'] }],
  ['a"b', { text: ['a"b'] }],
  ['x'.repeat(2_001), {}, ['q']],
  [Array.from({ length: 51 }, (_, i) => `w${i}`).join(' '), {}, ['text']],
];

describe('parseQuery', () => {
  it.each(table)('%j', (query, facets, problemKeys = []) => {
    const parsed = parseQuery(query);
    expect(parsed.problems.map((problem) => problem.key)).toEqual(problemKeys);
    if (problemKeys.length === 0) expect(parsed.facets).toEqual(facets);
    else
      for (const [key, value] of Object.entries(facets))
        expect(parsed.facets).toHaveProperty(key, value);
  });

  const hostile = fc.oneof(
    fc.string({ maxLength: 1_000 }),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc
      .array(
        fc.constantFrom(
          '"',
          'c++',
          'NEAR(',
          '-oak',
          '%',
          '_',
          "'",
          '\\',
          '🍄',
          'tree:',
          'month:',
          '-',
          ' ',
          ':',
          'is:',
        ),
        { maxLength: 40 },
      )
      .map((parts) => parts.join('')),
  );

  it('never throws, on any string', () => {
    fc.assert(
      fc.property(hostile, (query) => {
        const parsed = parseQuery(query);
        expect(Array.isArray(parsed.problems)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads back what formatQuery writes of a parsed query', () => {
    fc.assert(
      fc.property(hostile, (query) => {
        const { facets, problems } = parseQuery(query);
        if (problems.length > 0) return;
        const again = parseQuery(formatQuery(facets));
        expect(again.problems).toEqual([]);
        // A phrase cannot hold a quote: formatQuery drops it.
        const unquoted = (list?: string[]) =>
          list?.map((value) => value.replaceAll('"', '').trim()).filter(Boolean);
        expect({ ...again.facets, text: unquoted(again.facets.text) }).toEqual({
          ...again.facets,
          text: unquoted(facets.text),
        });
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('the API parameters', () => {
  const parse = (params: Record<string, string | string[]>) => searchQuerySchema.safeParse(params);

  it('reads every facet', () => {
    const result = parse({
      species: ['Morel', 'Cep'],
      terrain: 'forest',
      tree: 'ash',
      category: 'mushrooms',
      months: '11-2',
      year: '2024',
      minQuantity: '1.5',
      unit: 'kg',
      access: ['open', 'ask'],
      kind: 'patch',
      favorite: 'true',
      bbox: '-1.5,40,2,50.25',
      text: 'old beech',
      exclude: 'spruce',
      limit: '10',
      offset: '20',
    });
    if (!result.success) throw result.error;
    const query = result.data;
    expect(query.limit).toBe(10);
    expect(query.offset).toBe(20);
    expect(facetsOfQuery(query)).toEqual({
      species: ['Morel', 'Cep'],
      terrain: ['forest'],
      tree: ['ash'],
      category: ['mushrooms'],
      months: { from: 11, to: 2 },
      year: 2024,
      minQuantity: 1.5,
      unit: 'kg',
      access: ['open', 'ask'],
      kind: 'patch',
      favorite: true,
      bbox: [-1.5, 40, 2, 50.25],
      text: ['old beech'],
      exclude: ['spruce'],
    });
  });

  it('defaults limit to 100 and offset to 0, and joins q to the facets', () => {
    const query = searchQuerySchema.parse({ q: 'chanterelle tree:oak', tree: 'beech' });
    expect(query.limit).toBe(100);
    expect(query.offset).toBe(0);
    expect(facetsOfQuery(query)).toEqual({ tree: ['beech', 'oak'], text: ['chanterelle'] });
  });

  it.each([
    ['months', { months: '13' }],
    ['months', { months: '0-3' }],
    ['year', { year: '24' }],
    ['minQuantity', { minQuantity: '-1' }],
    ['minQuantity', { minQuantity: 'lots' }],
    ['unit', { unit: 'ton' }],
    ['access', { access: 'sometimes' }],
    ['kind', { kind: 'line' }],
    ['favorite', { favorite: 'yes' }],
    ['bbox', { bbox: '1,2,3' }],
    ['bbox', { bbox: '1,50,3,40' }],
    ['bbox', { bbox: '200,0,3,40' }],
    ['limit', { limit: '0' }],
    ['limit', { limit: '1001' }],
    ['offset', { offset: '-1' }],
    ['species', { species: '' }],
    ['species', { species: Array.from({ length: 51 }, (_, i) => `s${i}`) }],
    ['q', { q: 'month:never' }],
  ])('names %s when it is wrong', (field, params) => {
    const result = parse(params);
    expect(result.success).toBe(false);
    expect((result.error?.issues ?? []).map((issue) => issue.path[0])).toContain(field);
  });

  it('writes URL parameters that read back as the same facets', () => {
    const facets: SearchFacets = {
      species: ['Golden chanterelle', 'a&b=c'],
      tree: ['oak'],
      months: { from: 11, to: 2 },
      year: 2020,
      minQuantity: 2,
      unit: 'count',
      access: ['closed'],
      kind: 'point',
      favorite: false,
      bbox: [170, -10, -170, 10],
      text: ['%_\\'],
      exclude: ['c++'],
    };
    const url = searchParamsOf(facets).toString();
    const read = searchQuerySchema.parse(paramsObject(new URLSearchParams(url)));
    expect(facetsOfQuery(read)).toEqual(facets);
  });
});
