import { describe, expect, it } from 'vitest';
import {
  addFix,
  averaged,
  averagingDone,
  averagingLimitMs,
  settledAfterMs,
  startAveraging,
} from './position-average.ts';

describe('averaging a position', () => {
  it('weighs each reading by 1/accuracy² and reports the best accuracy', () => {
    let state = startAveraging(0);
    state = addFix(state, { lat: 50.0, lng: 8.0, accuracy: 20 }, 1000);
    state = addFix(state, { lat: 50.001, lng: 8.001, accuracy: 10 }, 2000);
    const result = averaged(state);
    // Weights 1/400 and 1/100: the second counts four times as much.
    expect(result?.lat).toBeCloseTo(50.0008, 9);
    expect(result?.lng).toBeCloseTo(8.0008, 9);
    expect(result?.accuracy).toBe(10);
    expect(result?.readings).toBe(2);
  });

  it('has nothing before the first reading', () => {
    expect(averaged(startAveraging(0))).toBeNull();
  });

  it('stops once accuracy has not improved for a while', () => {
    let state = startAveraging(0);
    state = addFix(state, { lat: 1, lng: 1, accuracy: 30 }, 500);
    state = addFix(state, { lat: 1, lng: 1, accuracy: 12 }, 1500);
    // Half a metre better is noise, not improvement.
    state = addFix(state, { lat: 1, lng: 1, accuracy: 11.5 }, 2500);
    expect(averagingDone(state, 1500 + settledAfterMs - 1)).toBe(false);
    expect(averagingDone(state, 1500 + settledAfterMs)).toBe(true);
  });

  it('stops at the time limit however it goes', () => {
    let state = startAveraging(0);
    for (let t = 1000, accuracy = 60; t < averagingLimitMs; t += 1000, accuracy -= 5)
      state = addFix(state, { lat: 1, lng: 1, accuracy }, t);
    expect(averagingDone(state, averagingLimitMs - 1)).toBe(false);
    expect(averagingDone(state, averagingLimitMs)).toBe(true);
  });

  it('keeps waiting without any reading until the limit', () => {
    expect(averagingDone(startAveraging(0), settledAfterMs + 1)).toBe(false);
  });
});
