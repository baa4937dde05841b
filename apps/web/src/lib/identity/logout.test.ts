import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runLogout } from './logout.ts';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('lastLoggedInUser', 'u1');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('logout sequence (docs/behaviour.md#logout)', () => {
  it('clears the cache, resets the store, forgets the saved areas, signs out, then removes lastLoggedInUser', async () => {
    const order: string[] = [];
    const record = (step: string) => () => {
      order.push(`${step} (lastLoggedInUser=${localStorage.getItem('lastLoggedInUser')})`);
    };
    await runLogout({
      clearCache: record('clear cache'),
      resetStore: record('reset store'),
      forgetSavedAreas: async () => record('forget saved areas')(),
      signOut: async () => record('sign out')(),
    });
    order.push(`done (lastLoggedInUser=${localStorage.getItem('lastLoggedInUser')})`);
    expect(order).toEqual([
      'clear cache (lastLoggedInUser=u1)',
      'reset store (lastLoggedInUser=u1)',
      'forget saved areas (lastLoggedInUser=u1)',
      'sign out (lastLoggedInUser=u1)',
      'done (lastLoggedInUser=null)',
    ]);
  });

  it('logs and rethrows a failure, keeping lastLoggedInUser', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('offline');
    await expect(
      runLogout({
        clearCache: () => undefined,
        resetStore: () => undefined,
        forgetSavedAreas: () => Promise.resolve(),
        signOut: () => Promise.reject(failure),
      }),
    ).rejects.toBe(failure);
    expect(error).toHaveBeenCalledWith('Logout failed', failure);
    expect(localStorage.getItem('lastLoggedInUser')).toBe('u1');
  });
});
