/** iOS Safari's addition to DeviceOrientationEvent: degrees from magnetic north, clockwise. */
interface WebkitOrientation {
  webkitCompassHeading?: number;
}

/**
 * The heading a deviceorientation event gives, clockwise from north, or null when it gives
 * none: iOS says it outright (webkitCompassHeading); elsewhere only an absolute event's alpha
 * is against north (and counter-clockwise), a relative one is against wherever the device
 * started.
 */
export function headingOf(event: DeviceOrientationEvent): number | null {
  const webkit = (event as DeviceOrientationEvent & WebkitOrientation).webkitCompassHeading;
  if (typeof webkit === 'number' && Number.isFinite(webkit)) return webkit;
  if (event.absolute && typeof event.alpha === 'number') return (360 - event.alpha) % 360;
  return null;
}

interface PermissionAsking {
  requestPermission?: () => Promise<'granted' | 'denied'>;
}

/**
 * iOS asks before giving orientation, and only from a tap: call this from the tap that starts
 * guiding. Elsewhere there is nothing to ask.
 */
export async function askForCompass(): Promise<void> {
  const asking = (globalThis.DeviceOrientationEvent as unknown as PermissionAsking | undefined)
    ?.requestPermission;
  if (!asking) return;
  try {
    await asking();
  } catch {
    // Refused or not from a tap: the arrow stays north-up and says so.
  }
}

/**
 * Every heading the device reports until the returned function is called. Chrome on Android
 * sends absolute readings as 'deviceorientationabsolute'; iOS and others on 'deviceorientation'.
 */
export function watchHeading(onHeading: (heading: number) => void): () => void {
  const listener = (event: Event) => {
    const heading = headingOf(event as DeviceOrientationEvent);
    if (heading !== null) onHeading(heading);
  };
  window.addEventListener('deviceorientationabsolute', listener);
  window.addEventListener('deviceorientation', listener);
  return () => {
    window.removeEventListener('deviceorientationabsolute', listener);
    window.removeEventListener('deviceorientation', listener);
  };
}
