import type { LatLng } from '../../lib/geo.ts';
import { positionFailureWords } from '../../lib/guidance/position-words.ts';
import { FixFailure, getFix } from '../../platform/geolocation.ts';

/** Why a position could not be had, in words for a toast. */
export class PositionError extends Error {
  override name = 'PositionError';
}

/**
 * One GPS fix, from src/platform (Capacitor Geolocation in the native app, the browser's
 * otherwise), so callers only see a promise of {lat, lng}.
 */
export async function getCurrentPosition(): Promise<LatLng> {
  try {
    return await getFix({ enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 });
  } catch (error) {
    if (error instanceof FixFailure) throw new PositionError(positionFailureWords[error.reason]);
    throw new PositionError('Your position is not available.');
  }
}
