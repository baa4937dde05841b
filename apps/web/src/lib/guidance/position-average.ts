import type { Fix } from '../../platform/geolocation.ts';

/** The longest a position is averaged before it is used. */
export const averagingLimitMs = 10_000;
/** Accuracy that has not improved for this long has stopped improving. */
export const settledAfterMs = 3_000;
/** Gains smaller than this are GPS noise, not improvement. */
const improvementMeters = 1;
/** A browser that gives no accuracy: assume a phone's usual under open sky. */
const unknownAccuracy = 50;

export interface Averaging {
  fixes: readonly Fix[];
  startedAt: number;
  /** When the best accuracy last got better by a metre or more. */
  improvedAt: number;
  best: number;
}

export interface AveragedPosition {
  lat: number;
  lng: number;
  /**
   * The best single reading's accuracy: GPS errors under trees are correlated from one second
   * to the next, so the textbook σ/√n would claim a precision the average does not have.
   */
  accuracy: number;
  readings: number;
}

export function startAveraging(now: number): Averaging {
  return { fixes: [], startedAt: now, improvedAt: now, best: Number.POSITIVE_INFINITY };
}

export function addFix(state: Averaging, fix: Fix, now: number): Averaging {
  const accuracy = fix.accuracy ?? unknownAccuracy;
  const improved = accuracy <= state.best - improvementMeters;
  return {
    ...state,
    fixes: [...state.fixes, { ...fix, accuracy }],
    improvedAt: improved ? now : state.improvedAt,
    best: Math.min(state.best, accuracy),
  };
}

/** Each reading weighs by 1/accuracy², so a wild early fix barely moves the answer. */
export function averaged(state: Averaging): AveragedPosition | null {
  if (state.fixes.length === 0) return null;
  let weights = 0;
  let lat = 0;
  let lng = 0;
  for (const fix of state.fixes) {
    const weight = 1 / (fix.accuracy ?? unknownAccuracy) ** 2;
    weights += weight;
    lat += fix.lat * weight;
    lng += fix.lng * weight;
  }
  return {
    lat: lat / weights,
    lng: lng / weights,
    accuracy: state.best,
    readings: state.fixes.length,
  };
}

/** Done at the time limit, or once a reading is in and accuracy has stopped improving. */
export function averagingDone(state: Averaging, now: number): boolean {
  if (now - state.startedAt >= averagingLimitMs) return true;
  return state.fixes.length > 0 && now - state.improvedAt >= settledAfterMs;
}
