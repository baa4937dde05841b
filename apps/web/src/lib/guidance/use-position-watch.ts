import { useEffect, useState } from 'react';
import type { Fix } from '../../platform/geolocation.ts';
import { watchHeading } from '../../platform/compass.ts';
import { watchFixes } from '../../platform/position-watch.ts';
import { positionFailureWords } from './position-words.ts';

export interface WatchedPosition {
  fix: Fix | null;
  /** Why no position comes, in words; cleared by the next fix. */
  problem: string | null;
}

/** The device's position, as it changes, while `on`; each fix is also handed to `onFix`. */
export function usePositionWatch(on: boolean, onFix?: (fix: Fix) => void): WatchedPosition {
  const [state, setState] = useState<WatchedPosition>({ fix: null, problem: null });
  useEffect(() => {
    if (!on) return;
    return watchFixes({
      onFix: (fix) => {
        setState({ fix, problem: null });
        onFix?.(fix);
      },
      onFailure: (failure) =>
        setState((previous) => ({ ...previous, problem: positionFailureWords[failure.reason] })),
    });
    // onFix is a callback for the caller's side effects; a new one each render must not restart GPS.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [on]);
  return state;
}

/** The device's compass heading while `on`, or null while it has given none. */
export function useHeading(on: boolean): number | null {
  const [heading, setHeading] = useState<number | null>(null);
  useEffect(() => {
    if (!on) return;
    return watchHeading(setHeading);
  }, [on]);
  return heading;
}
