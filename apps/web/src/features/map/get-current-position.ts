import type { LatLng } from '../../lib/geo.ts';

/** Why a position could not be had, in words for a toast. */
export class PositionError extends Error {
  override name = 'PositionError';
}

const reasons: Record<number, string> = {
  1: 'Location access was denied. Allow it in your browser settings to use your position.',
  2: 'Your position is not available right now. Try again outside or near a window.',
  3: 'Finding your position took too long. Please try again.',
};

/**
 * One GPS fix. The web uses navigator.geolocation; the native issue moves this behind
 * src/platform (Capacitor Geolocation), so callers only see a promise of {lat, lng}.
 */
export function getCurrentPosition(): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      reject(new PositionError('This device cannot tell its position.'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) =>
        reject(new PositionError(reasons[error.code] ?? 'Your position is not available.')),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    );
  });
}
