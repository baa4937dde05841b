import { describe, expect, it } from 'vitest';
import { headingOf } from './compass.ts';

const reading = (fields: Record<string, unknown>) => fields as unknown as DeviceOrientationEvent;

describe('headingOf', () => {
  it("takes iOS's compass heading as it is", () => {
    expect(headingOf(reading({ webkitCompassHeading: 123, alpha: 5, absolute: false }))).toBe(123);
  });

  it('turns an absolute alpha (counter-clockwise) into a heading', () => {
    expect(headingOf(reading({ alpha: 90, absolute: true }))).toBe(270);
    expect(headingOf(reading({ alpha: 0, absolute: true }))).toBe(0);
  });

  it('has none from a relative reading or an empty one', () => {
    expect(headingOf(reading({ alpha: 90, absolute: false }))).toBeNull();
    expect(headingOf(reading({ alpha: null, absolute: true }))).toBeNull();
  });
});
