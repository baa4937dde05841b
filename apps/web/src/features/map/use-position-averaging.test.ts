import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePositionAveraging } from './use-position-averaging.ts';

type Success = (position: {
  coords: { latitude: number; longitude: number; accuracy: number };
}) => void;
const geolocation = {
  watchPosition: vi.fn<(ok: Success, fail: unknown, options: object) => number>(),
  clearWatch: vi.fn(),
};
let report: Success = () => undefined;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  geolocation.watchPosition.mockImplementation((ok) => {
    report = ok;
    return 7;
  });
  vi.stubGlobal('navigator', { ...navigator, geolocation });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  geolocation.clearWatch.mockReset();
});

const reading = (latitude: number, accuracy: number) => ({
  coords: { latitude, longitude: 8, accuracy },
});

describe('usePositionAveraging', () => {
  it('shows the accuracy as it goes and ends once it stops improving', () => {
    const onDone = vi.fn();
    const { result, unmount } = renderHook(() => usePositionAveraging(onDone));
    expect(result.current.current).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
      report(reading(50.0, 20));
    });
    expect(result.current.current?.accuracy).toBe(20);
    act(() => {
      vi.advanceTimersByTime(1000);
      report(reading(50.001, 10));
    });
    expect(result.current.current?.accuracy).toBe(10);
    // Readings keep coming, none better: three seconds after the last gain it is done.
    act(() => {
      vi.advanceTimersByTime(1000);
      report(reading(50.001, 10));
      vi.advanceTimersByTime(1000);
    });
    expect(onDone).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone.mock.calls[0]?.[0]).toMatchObject({ accuracy: 10, readings: 3 });
    unmount();
    expect(geolocation.clearWatch).toHaveBeenCalledWith(7);
  });

  it('ends at ten seconds while accuracy keeps improving', () => {
    const onDone = vi.fn();
    renderHook(() => usePositionAveraging(onDone));
    for (let second = 1; second < 10; second++)
      act(() => {
        vi.advanceTimersByTime(1000);
        report(reading(50, 100 - second * 5));
      });
    expect(onDone).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('"Save now" ends at once with what it has, and only once', () => {
    const onDone = vi.fn();
    const { result } = renderHook(() => usePositionAveraging(onDone));
    act(() => result.current.finish());
    expect(onDone).not.toHaveBeenCalled();
    act(() => report(reading(50, 30)));
    act(() => result.current.finish());
    act(() => result.current.finish());
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
