import { describe, expect, it } from 'vitest';
import { addCorner, cornerWords } from './patch-corners.ts';

const a = { lat: 47, lng: 11 };
const b = { lat: 47.001, lng: 11 };
const c = { lat: 47.001, lng: 11.001 };
const d = { lat: 47, lng: 11.001 };

describe('adding patch corners at the crosshair', () => {
  it('collects two corners, and the third makes a closed patch', () => {
    const one = addCorner(null, [], a);
    expect(one).toEqual({ corners: [a], area: null });
    const two = addCorner(one.area, one.corners, b);
    expect(two.area).toBeNull();
    const three = addCorner(two.area, two.corners, c);
    expect(three.corners).toEqual([]);
    expect(three.area).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [11, 47],
          [11, 47.001],
          [11.001, 47.001],
          [11, 47],
        ],
      ],
    });
  });

  it('adds a later corner at the end of the outer ring, which stays closed', () => {
    const three = addCorner(addCorner(addCorner(null, [], a).area, [a], b).area, [a, b], c);
    const four = addCorner(three.area, [], d);
    expect(four.area?.coordinates[0]).toEqual([
      [11, 47],
      [11, 47.001],
      [11.001, 47.001],
      [11.001, 47],
      [11, 47],
    ]);
  });

  it('says how many corners are still needed, then how many the patch has', () => {
    expect(cornerWords(null, 0)).toMatch(/crosshair/);
    expect(cornerWords(null, 1)).toBe('1 corner: add 2 more to make a patch.');
    expect(cornerWords(null, 2)).toBe('2 corners: add 1 more to make a patch.');
    const patch = addCorner(null, [a, b], c).area;
    expect(cornerWords(patch, 0)).toMatch(/^A patch with 3 corners/);
  });
});
