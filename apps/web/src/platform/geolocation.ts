import { isNativePlatform } from './platform.ts';

export interface Fix {
  lat: number;
  lng: number;
  /** Radius in metres within which the device is, at 68 % confidence (the Geolocation API's). */
  accuracy?: number;
}

export type FixFailureReason = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

/** Why no fix came, the same on both platforms; the feature puts it in words. */
export class FixFailure extends Error {
  override name = 'FixFailure';
  constructor(
    readonly reason: FixFailureReason,
    message: string,
  ) {
    super(message);
  }
}

export interface FixOptions {
  enableHighAccuracy: boolean;
  timeout: number;
  maximumAge: number;
}

/** The browser's GeolocationPositionError codes. */
const browserReasons: Record<number, FixFailureReason> = {
  1: 'denied',
  2: 'unavailable',
  3: 'timeout',
};

export const browserPosition = ({ coords }: GeolocationPosition): Fix => ({
  lat: coords.latitude,
  lng: coords.longitude,
  accuracy: coords.accuracy,
});

export const browserFailure = (error: GeolocationPositionError) =>
  new FixFailure(browserReasons[error.code] ?? 'unavailable', error.message);

/** @capacitor/geolocation's codes (its README, "Errors"); anything else is "unavailable". */
const nativeReasons: Record<string, FixFailureReason> = {
  'OS-PLUG-GLOC-0003': 'denied',
  'OS-PLUG-GLOC-0008': 'denied',
  'OS-PLUG-GLOC-0009': 'denied',
  'OS-PLUG-GLOC-0010': 'timeout',
};

export function nativeFailure(error: unknown): FixFailure {
  const record = typeof error === 'object' && error !== null ? { ...error } : {};
  const code = 'code' in record ? record.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const byCode = typeof code === 'string' ? nativeReasons[code] : undefined;
  const reason = byCode ?? (/denied|permission/i.test(message) ? 'denied' : 'unavailable');
  return new FixFailure(reason, message);
}

async function nativeFix(options: FixOptions): Promise<Fix> {
  // Loaded on first use: the web build never needs the plugin.
  const { Geolocation } = await import('@capacitor/geolocation');
  try {
    const position = await Geolocation.getCurrentPosition(options);
    const { latitude: lat, longitude: lng, accuracy } = position.coords;
    return { lat, lng, accuracy };
  } catch (error) {
    throw nativeFailure(error);
  }
}

function browserFix(options: FixOptions): Promise<Fix> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      reject(new FixFailure('unsupported', 'This device cannot tell its position.'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve(browserPosition(position)),
      (error) => reject(browserFailure(error)),
      options,
    );
  });
}

/** One GPS fix: @capacitor/geolocation in the native app, navigator.geolocation on the web. */
export function getFix(options: FixOptions): Promise<Fix> {
  return isNativePlatform() ? nativeFix(options) : browserFix(options);
}
