import { describe, expect, it } from 'vitest';
import {
  dropCondition,
  dropProblem,
  hrefWith,
  paramsOf,
  readRequest,
  requestOf,
  withRequest,
} from './search-request.ts';

describe('the search in the URL', () => {
  it('reads q and the facet parameters, and leaves the others', () => {
    const params = new URLSearchParams(
      'location=l1&q=chanterelle+tree%3Aoak&minQuantity=2&unit=kg&tree=beech&limit=5',
    );
    const request = requestOf(params);
    expect(request).toEqual({
      q: 'chanterelle tree:oak',
      extra: [
        ['minQuantity', '2'],
        ['unit', 'kg'],
        ['tree', 'beech'],
      ],
    });
    expect(readRequest(request)).toEqual({
      facets: {
        text: ['chanterelle'],
        tree: ['beech', 'oak'],
        minQuantity: 2,
        unit: 'kg',
      },
      problems: [],
      active: true,
    });
  });

  it('round-trips through the URL, keeping other parameters', () => {
    const request = { q: 'cèpe "by the ditch" month:11-2', extra: [['bbox', '1,2,3,4']] as const };
    const url = withRequest(new URLSearchParams('location=l1&q=old'), request);
    expect(url.get('location')).toBe('l1');
    expect(requestOf(new URLSearchParams(url.toString()))).toEqual(request);
    expect(hrefWith('/locations', request)).toBe(`/locations?${paramsOf(request).toString()}`);
    expect(hrefWith('/', { q: '  ', extra: [] })).toBe('/');
  });

  it('names what cannot be read, and searches nothing then', () => {
    const read = readRequest({ q: 'month:foo', extra: [['year', '24']] });
    expect(read.active).toBe(false);
    expect(read.problems.map((problem) => problem.key)).toEqual(['month', 'year']);
    expect(readRequest({ q: '   ', extra: [] }).active).toBe(false);
  });

  it('drops a condition from the box or the parameters', () => {
    const request = {
      q: 'chanterelle tree:oak',
      extra: [['tree', 'Oak'] as const, ['unit', 'kg'] as const],
    };
    expect(dropCondition(request, { key: 'tree', value: 'oak' })).toEqual({
      q: 'chanterelle',
      extra: [['unit', 'kg']],
    });
    expect(dropCondition(request, { key: 'unit', value: 'kg' }).extra).toEqual([['tree', 'Oak']]);
  });

  it('drops what a problem names', () => {
    const request = { q: 'month:foo chanterelle -month:x', extra: [['year', '24'] as const] };
    expect(dropProblem(request, { key: 'month', message: '' })).toEqual({
      q: 'chanterelle',
      extra: [['year', '24']],
    });
    expect(dropProblem(request, { key: 'year', message: '' }).extra).toEqual([]);
  });
});
