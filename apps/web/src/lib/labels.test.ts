import { describe, expect, it } from 'vitest';
import { tidyCategoryMap, tidyLabels } from './labels.ts';

describe('tidyLabels (SPEC.md §3)', () => {
  it('trims, drops empty names and removes duplicates, keeping the first', () => {
    expect(tidyLabels([' mint ', '', '  ', 'mint', 'thyme', 3, null])).toEqual(['mint', 'thyme']);
  });
});

describe('tidyCategoryMap', () => {
  it('keeps the order of the categories and gives a missing list as empty', () => {
    expect(tidyCategoryMap(['b', ' a '], { a: ['x', 'x '], c: ['y'] })).toEqual({
      b: [],
      a: ['x'],
    });
  });
});
