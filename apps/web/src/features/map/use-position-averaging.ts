import { useEffect, useRef, useState } from 'react';
import {
  addFix,
  averaged,
  averagingDone,
  startAveraging,
  type AveragedPosition,
  type Averaging,
} from '../../lib/guidance/position-average.ts';
import { usePositionWatch } from '../../lib/guidance/use-position-watch.ts';

/** How often the stopping rule is looked at between readings. */
const checkEveryMs = 250;

export interface PositionAveraging {
  /** The average so far (null before the first reading). */
  current: AveragedPosition | null;
  problem: string | null;
  /** Ends now with the average so far ("Save now"). */
  finish(): void;
}

/**
 * GPS readings averaged from mount, for a position worth saving under trees: `onDone` gets the
 * average once accuracy stops improving or the time limit is reached
 * (lib/guidance/position-average.ts), or at once when `finish` is called.
 */
export function usePositionAveraging(
  onDone: (position: AveragedPosition) => void,
): PositionAveraging {
  const state = useRef<Averaging | null>(null);
  const done = useRef(false);
  const [current, setCurrent] = useState<AveragedPosition | null>(null);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  function finish() {
    const result = state.current && averaged(state.current);
    if (done.current || !result) return;
    done.current = true;
    onDoneRef.current(result);
  }

  const { problem } = usePositionWatch(true, (fix) => {
    const now = Date.now();
    state.current = addFix(state.current ?? startAveraging(now), fix, now);
    setCurrent(averaged(state.current));
  });

  useEffect(() => {
    state.current ??= startAveraging(Date.now());
    const timer = setInterval(() => {
      if (state.current && averagingDone(state.current, Date.now())) finish();
    }, checkEveryMs);
    return () => clearInterval(timer);
  }, []);

  return { current, problem, finish };
}
