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

  it('tells a server lost since it answered from one that has not answered since the page loaded', () => {
    const reach = createServerReachability();
    expect(reach.reach()).toBe('answers');
    reach.noteNoAnswer();
    expect(reach.reach()).toBe('never');
    reach.noteAnswer();
    expect(reach.reach()).toBe('answers');
    reach.noteNoAnswer();
    expect(reach.reach()).toBe('lost');
  });

  it('stops calling a listener once it unsubscribes', () => {
    const reach = createServerReachability();
    const listener = vi.fn();
    reach.subscribe(listener)();
    reach.noteNoAnswer();
    expect(listener).not.toHaveBeenCalled();
  });
});
