import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pointerVerb, usePointerVerb, withVerb } from './pointer-verb.ts';

function pointer(coarse: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: coarse && query === '(pointer: coarse)',
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('pointer verb', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is "tap" on a touch screen and "click" with a mouse', () => {
    pointer(true);
    expect(renderHook(() => usePointerVerb()).result.current).toEqual(pointerVerb(true));
    pointer(false);
    expect(renderHook(() => usePointerVerb()).result.current).toEqual({
      tap: 'click',
      Tap: 'Click',
    });
  });

  it('fills every {tap} and {Tap} of a sentence', () => {
    expect(withVerb('{Tap} Add, then {tap} the map; {tap} again.', pointerVerb(true))).toBe(
      'Tap Add, then tap the map; tap again.',
    );
    expect(withVerb('{Tap} Add, then {tap} the map.', pointerVerb(false))).toBe(
      'Click Add, then click the map.',
    );
  });
});
