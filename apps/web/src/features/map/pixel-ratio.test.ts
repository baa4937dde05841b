import { describe, expect, it } from 'vitest';
import { firstPixelRatio, settledPixelRatio, sharpenWhenSettled } from './pixel-ratio.ts';

/** Just enough of a MapLibre map: its events, its pixel ratio, and the frames asked for. */
function fakeMap() {
  const listeners = new Map<string, Set<() => void>>();
  const once = new Map<string, Set<() => void>>();
  const map = {
    ratio: 1,
    setRatios: [] as number[],
    on(type: string, listener: () => void) {
      (listeners.get(type) ?? listeners.set(type, new Set()).get(type))?.add(listener);
      return map;
    },
    once(type: string, listener: () => void) {
      (once.get(type) ?? once.set(type, new Set()).get(type))?.add(listener);
      return map;
    },
    fire(type: string) {
      const onceListeners = [...(once.get(type) ?? [])];
      once.get(type)?.clear();
      for (const listener of [...(listeners.get(type) ?? []), ...onceListeners]) listener();
    },
    getPixelRatio: () => map.ratio,
    setPixelRatio(ratio: number) {
      map.ratio = ratio;
      map.setRatios.push(ratio);
      map.fire('resize'); // as MapLibre's resize does
      return map;
    },
  };
  return map;
}

describe('the map pixel ratio', () => {
  it('starts at one pixel per CSS pixel, or fewer on a screen below that', () => {
    expect(firstPixelRatio(1.75)).toBe(1);
    expect(firstPixelRatio(3)).toBe(1);
    expect(firstPixelRatio(0.8)).toBe(0.8);
  });

  it('settles at the screen density, at most 2', () => {
    expect(settledPixelRatio(1.75)).toBe(1.75);
    expect(settledPixelRatio(3)).toBe(2);
    expect(settledPixelRatio(1)).toBe(1);
  });

  it('sharpens once, on the first idle', () => {
    const map = fakeMap();
    sharpenWhenSettled(map as never, () => 1.75);
    map.fire('resize');
    expect(map.setRatios).toEqual([]);
    map.fire('idle');
    expect(map.setRatios).toEqual([1.75]);
    map.fire('idle');
    expect(map.setRatios).toEqual([1.75]);
  });

  it('follows the screen density when the map resizes after that', () => {
    const map = fakeMap();
    let device = 3;
    sharpenWhenSettled(map as never, () => device);
    map.fire('idle');
    expect(map.setRatios).toEqual([2]);
    device = 1.25;
    map.fire('resize');
    expect(map.setRatios).toEqual([2, 1.25]);
    map.fire('resize');
    expect(map.setRatios).toEqual([2, 1.25]);
  });
});
