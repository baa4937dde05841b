import { describe, expect, it, vi } from 'vitest';
import { createServerReachability } from './server-reachability.ts';

describe('server reachability', () => {
  it('starts reachable, turns on a request with no answer and back on the next answer', () => {
    const reach = createServerReachability();
    const listener = vi.fn();
    reach.subscribe(listener);
    expect(reach.isReachable()).toBe(true);
    reach.noteAnswer();
    expect(listener).not.toHaveBeenCalled();
    reach.noteNoAnswer();
    reach.noteNoAnswer();
    expect(reach.isReachable()).toBe(false);
    expect(listener).toHaveBeenCalledExactlyOnceWith(false);
    reach.noteAnswer();
    expect(reach.isReachable()).toBe(true);
    expect(listener).toHaveBeenLastCalledWith(true);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('stops calling a listener once it unsubscribes', () => {
    const reach = createServerReachability();
    const listener = vi.fn();
    reach.subscribe(listener)();
    reach.noteNoAnswer();
    expect(listener).not.toHaveBeenCalled();
  });
});
