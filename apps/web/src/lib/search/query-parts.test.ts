import { parseQuery } from '@fj/contract/search-query';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conditionText,
  conditionsOf,
  holdsCondition,
  queryParts,
  toggleCondition,
  withoutCondition,
} from './query-parts.ts';

/** Strings made of the pieces the parser cares about, so the edges come up often. */
const queryText = fc
  .array(
    fc.constantFrom(
      ' ',
      '  ',
      '"',
      '-',
      ':',
      'tree:',
      'month:',
      'species:',
      'is:favorite',
      'kind:',
      'c:',
      'oak',
      'jul-sep',
      'Cèpe',
      '\t',
      'x',
      '2024',
      'year:',
    ),
    { maxLength: 12 },
  )
  .map((pieces) => pieces.join(''));

describe('queryParts', () => {
  it('splits where the parser splits: the parts read together as the whole did', () => {
    fc.assert(
      fc.property(fc.oneof(queryText, fc.string()), (query) => {
        expect(parseQuery(queryParts(query).join(' '))).toEqual(parseQuery(query));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps quoted phrases, keyed quotes and exclusions whole', () => {
    expect(queryParts('chanterelle species:"golden chanterelle" -"old road" tree:oak')).toEqual([
      'chanterelle',
      'species:"golden chanterelle"',
      '-"old road"',
      'tree:oak',
    ]);
    expect(queryParts('c:"d e"')).toEqual(['c:"d', 'e"']);
    expect(queryParts('"unclosed phrase')).toEqual(['"unclosed phrase']);
  });
});

describe('conditions', () => {
  it('lists each condition of the facets', () => {
    const { facets } = parseQuery('chanterelle tree:oak month:jul-sep is:favorite -road');
    expect(conditionsOf(facets)).toEqual([
      { key: 'text', value: 'chanterelle' },
      { key: 'tree', value: 'oak' },
      { key: 'months', value: '7-9' },
      { key: 'favorite', value: 'true' },
      { key: 'exclude', value: 'road' },
    ]);
  });

  it('writes a condition as the box does', () => {
    expect(conditionText({ key: 'tree', value: 'oak' })).toBe('tree:oak');
    expect(conditionText({ key: 'species', value: 'golden chanterelle' })).toBe(
      'species:"golden chanterelle"',
    );
    expect(conditionText({ key: 'months', value: '11-2' })).toBe('month:11-2');
    expect(conditionText({ key: 'favorite', value: 'true' })).toBe('is:favorite');
    expect(conditionText({ key: 'access', value: 'open' })).toBe('access:open');
    expect(conditionText({ key: 'exclude', value: 'road' })).toBe('-road');
  });

  it('compares labels as the search does: case and accents aside', () => {
    const { facets } = parseQuery('tree:OAK species:cèpe');
    expect(holdsCondition(facets, { key: 'tree', value: 'oak' })).toBe(true);
    expect(holdsCondition(facets, { key: 'species', value: 'Cepe' })).toBe(true);
    expect(holdsCondition(facets, { key: 'tree', value: 'beech' })).toBe(false);
  });
});

describe('toggleCondition', () => {
  it('adds at the end, keeping what was typed', () => {
    expect(toggleCondition('Chanterelle  "by the ditch"', { key: 'tree', value: 'oak' })).toBe(
      'Chanterelle  "by the ditch" tree:oak',
    );
    expect(toggleCondition('', { key: 'favorite', value: 'true' })).toBe('is:favorite');
  });

  it('takes out every part that says it', () => {
    expect(toggleCondition('tree:oak chanterelle tree:Oak', { key: 'tree', value: 'oak' })).toBe(
      'chanterelle',
    );
  });

  it('replaces a single-valued condition', () => {
    expect(toggleCondition('month:jul chanterelle', { key: 'months', value: '8-10' })).toBe(
      'chanterelle month:8-10',
    );
    expect(toggleCondition('kind:point', { key: 'kind', value: 'patch' })).toBe('kind:patch');
  });

  it('leaves unreadable parts alone', () => {
    expect(withoutCondition('month:foo tree:oak', { key: 'tree', value: 'oak' })).toBe('month:foo');
  });
});
