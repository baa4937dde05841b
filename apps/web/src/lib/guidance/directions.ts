import type { DevicePlatform } from '../../platform/platform.ts';
import type { LatLng } from '../geo.ts';

/**
 * A link that opens the device's maps app with directions to a spot: Android's `geo:` URI
 * (any maps app answers it, with the spot's name as the pin's label), Apple Maps on iOS, and
 * the cross-platform Google Maps URL on the web (which phones hand to their maps app too).
 */
export function directionsUrl(to: LatLng, name: string, platform: DevicePlatform): string {
  const where = `${to.lat.toFixed(6)},${to.lng.toFixed(6)}`;
  if (platform === 'android') {
    // Parentheses would end the label early.
    const label = encodeURIComponent(name.replace(/[()]/g, ' ').trim());
    return `geo:${where}?q=${where}(${label})`;
  }
  if (platform === 'ios')
    return `https://maps.apple.com/?daddr=${where}&q=${encodeURIComponent(name)}&dirflg=w`;
  return `https://www.google.com/maps/dir/?api=1&destination=${where}&travelmode=walking`;
}
