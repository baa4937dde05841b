import { afterEach, describe, expect, it } from 'vitest';
import { formatCoordinates, storeCoordinateFormat, storedCoordinateFormat } from './coordinates.ts';
import { directionsUrl } from './directions.ts';

afterEach(() => localStorage.clear());

describe('formatCoordinates', () => {
  it('writes decimal degrees to five places', () => {
    expect(formatCoordinates({ lat: 50.123456, lng: 8.6789 }, 'decimal')).toBe('50.12346, 8.67890');
  });

  it('writes degrees and minutes with hemispheres', () => {
    expect(formatCoordinates({ lat: 50.12345, lng: 8.6789 }, 'minutes')).toBe(
      '50° 07.407′ N, 8° 40.734′ E',
    );
    expect(formatCoordinates({ lat: -33.8568, lng: -0.5 }, 'minutes')).toBe(
      '33° 51.408′ S, 0° 30.000′ W',
    );
  });

  it('carries a minute that rounds to 60 into the degree', () => {
    expect(formatCoordinates({ lat: 49.9999999, lng: 0 }, 'minutes')).toBe(
      '50° 00.000′ N, 0° 00.000′ E',
    );
  });
});

describe('the coordinate format preference', () => {
  it('is decimal until the device keeps another', () => {
    expect(storedCoordinateFormat()).toBe('decimal');
    storeCoordinateFormat('minutes');
    expect(storedCoordinateFormat()).toBe('minutes');
  });
});

describe('directionsUrl', () => {
  const spot = { lat: 50.1, lng: 8.65 };
  it('is a geo: URI with a label on Android', () => {
    expect(directionsUrl(spot, 'Old (beech) wood', 'android')).toBe(
      'geo:50.100000,8.650000?q=50.100000,8.650000(Old%20%20beech%20%20wood)',
    );
  });

  it('is Apple Maps on iOS', () => {
    expect(directionsUrl(spot, 'Ceps & co', 'ios')).toBe(
      'https://maps.apple.com/?daddr=50.100000,8.650000&q=Ceps%20%26%20co&dirflg=w',
    );
  });

  it('is the standard maps URL on the web', () => {
    expect(directionsUrl(spot, 'x', 'web')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=50.100000,8.650000&travelmode=walking',
    );
  });
});
