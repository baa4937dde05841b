import {
  browserFailure,
  browserPosition,
  FixFailure,
  nativeFailure,
  type Fix,
} from './geolocation.ts';
import { isNativePlatform } from './platform.ts';

export interface WatchHandlers {
  onFix(fix: Fix): void;
  onFailure(failure: FixFailure): void;
}

const watchOptions = { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 };

function watchNative({ onFix, onFailure }: WatchHandlers): () => void {
  let stopped = false;
  let id: string | undefined;
  void import('@capacitor/geolocation').then(async ({ Geolocation }) => {
    if (stopped) return;
    const watchId = await Geolocation.watchPosition(watchOptions, (position, error: unknown) => {
      if (stopped) return;
      if (position) {
        const { latitude: lat, longitude: lng, accuracy } = position.coords;
        onFix({ lat, lng, accuracy });
      } else onFailure(nativeFailure(error));
    });
    if (stopped) void Geolocation.clearWatch({ id: watchId });
    else id = watchId;
  });
  return () => {
    stopped = true;
    if (id !== undefined)
      void import('@capacitor/geolocation').then(({ Geolocation }) =>
        Geolocation.clearWatch({ id: id ?? '' }),
      );
  };
}

/**
 * Every new position until the returned function is called: for guiding someone to a spot and
 * for averaging a position under trees. A fix a second or so costs battery, so callers stop
 * as soon as they are done.
 */
export function watchFixes(handlers: WatchHandlers): () => void {
  if (isNativePlatform()) return watchNative(handlers);
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
    handlers.onFailure(new FixFailure('unsupported', 'This device cannot tell its position.'));
    return () => undefined;
  }
  const id = navigator.geolocation.watchPosition(
    (position) => handlers.onFix(browserPosition(position)),
    (error) => handlers.onFailure(browserFailure(error)),
    watchOptions,
  );
  return () => navigator.geolocation.clearWatch(id);
}

/**
 * Whether the app may read the position without asking: a map opening on a new user's
 * surroundings must not open with a permission prompt. Unknown counts as no.
 */
export async function positionAllowed(): Promise<boolean> {
  try {
    if (isNativePlatform()) {
      const { Geolocation } = await import('@capacitor/geolocation');
      return (await Geolocation.checkPermissions()).location === 'granted';
    }
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return status.state === 'granted';
  } catch {
    return false;
  }
}
