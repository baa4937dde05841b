import type { LatLng } from '../../lib/geo.ts';
import { FixFailure, getFix, type FixFailureReason } from '../../platform/geolocation.ts';

/** Why a position could not be had, in words for a toast. */
export class PositionError extends Error {
  override name = 'PositionError';
}

const reasons: Record<FixFailureReason, string> = {
  denied: 'Location access was denied. Allow it in your browser settings to use your position.',
  unavailable: 'Your position is not available right now. Try again outside or near a window.',
  timeout: 'Finding your position took too long. Please try again.',
  unsupported: 'This device cannot tell its position.',
};

/**
 * One GPS fix, from src/platform (Capacitor Geolocation in the native app, the browser's
 * otherwise), so callers only see a promise of {lat, lng}.
 */
export async function getCurrentPosition(): Promise<LatLng> {
  try {
    return await getFix({ enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 });
  } catch (error) {
    if (error instanceof FixFailure) throw new PositionError(reasons[error.reason]);
    throw new PositionError('Your position is not available.');
  }
}
