import { describe, expect, it } from 'vitest';
import {
  hasCategory,
  speciesIn,
  tidyCategoryMap,
  tidyLabels,
  withCategory,
  withoutCategory,
} from './labels.ts';

describe('tidyLabels (docs/behaviour.md#journal-store)', () => {
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

describe('category maps with odd names', () => {
  const map = tidyCategoryMap(['__proto__', 'constructor'], { constructor: ['x'] });

  it('builds own keys, never the prototype', () => {
    expect(Object.keys(map)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
    expect(speciesIn(map, '__proto__')).toEqual([]);
    expect(speciesIn(map, 'constructor')).toEqual(['x']);
  });

  it('finds no category on the prototype', () => {
    expect(hasCategory({}, 'toString')).toBe(false);
    expect(speciesIn({}, 'constructor')).toEqual([]);
    expect(speciesIn({}, '__proto__')).toEqual([]);
  });

  it('adds and removes `__proto__` as a key', () => {
    const added = withCategory({ a: [] }, '__proto__', ['y']);
    expect(Object.entries(added)).toEqual([
      ['a', []],
      ['__proto__', ['y']],
    ]);
    expect(Object.keys(withoutCategory(added, '__proto__'))).toEqual(['a']);
  });
});
