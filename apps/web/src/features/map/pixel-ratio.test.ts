import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  drawFirstWhenSettled,
  firstPixelRatio,
  settledPixelRatio,
  shownAttribute,
  spotsVisibleMark,
} from './pixel-ratio.ts';

/** Just enough of a MapLibre map: its events, its pixel ratio, its canvas and the frames asked for. */
function fakeMap() {
  const canvas = document.createElement('canvas');
  const listeners = new Map<string, Set<() => void>>();
  const once = new Map<string, Set<() => void>>();
  const map = {
    ratio: 1,
    setRatios: [] as number[],
    shown: () => canvas.hasAttribute(shownAttribute),
    getCanvas: () => canvas,
    on(type: string, listener: () => void) {
      (listeners.get(type) ?? listeners.set(type, new Set()).get(type))?.add(listener);
      return map;
    },
    off(type: string, listener: () => void) {
      listeners.get(type)?.delete(listener);
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
  beforeEach(() => {
    vi.useFakeTimers();
    marks = vi.spyOn(performance, 'mark');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  // Fake timers replace `performance` too: its marks are counted as they are asked for.
  let marks: MockInstance<Performance['mark']>;
  const spotsVisible = () => marks.mock.calls.filter(([name]) => name === spotsVisibleMark).length;

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
    drawFirstWhenSettled(
      map as never,
      () => 1.75,
      () => true,
    );
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
    drawFirstWhenSettled(
      map as never,
      () => device,
      () => true,
    );
    map.fire('idle');
    expect(map.setRatios).toEqual([2]);
    device = 1.25;
    map.fire('resize');
    expect(map.setRatios).toEqual([2, 1.25]);
    map.fire('resize');
    expect(map.setRatios).toEqual([2, 1.25]);
  });

  it('shows the canvas at once', () => {
    const map = fakeMap();
    drawFirstWhenSettled(
      map as never,
      () => 1.75,
      () => false,
    );
    expect(map.shown()).toBe(true);
  });

  it('sharpens on an idle with what the map must show (not the style alone)', () => {
    const map = fakeMap();
    let complete = false;
    drawFirstWhenSettled(
      map as never,
      () => 1.75,
      () => complete,
    );
    map.fire('idle');
    expect(map.setRatios).toEqual([]);
    complete = true;
    map.fire('idle');
    expect(map.setRatios).toEqual([1.75]);
  });

  it('marks the spots visible at the first frame drawn with them, once', () => {
    const map = fakeMap();
    let complete = false;
    drawFirstWhenSettled(
      map as never,
      () => 1.75,
      () => complete,
    );
    map.fire('render');
    map.fire('idle');
    expect(spotsVisible()).toBe(0);
    complete = true;
    map.fire('render');
    expect(spotsVisible()).toBe(1);
    map.fire('render');
    map.fire('idle');
    map.fire('render');
    expect(spotsVisible()).toBe(1);
  });

  it('marks nothing once the map is removed', () => {
    const map = fakeMap();
    let complete = false;
    drawFirstWhenSettled(
      map as never,
      () => 1,
      () => complete,
    );
    map.fire('remove');
    complete = true;
    map.fire('render');
    expect(spotsVisible()).toBe(0);
  });

  it('marks the spots visible at once when they are drawn already (a load after the last tile)', () => {
    const map = fakeMap();
    drawFirstWhenSettled(
      map as never,
      () => 1,
      () => true,
    );
    expect(spotsVisible()).toBe(1);
    map.fire('render');
    map.fire('idle');
    expect(spotsVisible()).toBe(1);
  });
});
