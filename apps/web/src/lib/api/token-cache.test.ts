import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentityUser } from '../identity/identity.ts';
import { createTokenCache } from './token-cache.ts';

const MINUTE = 60_000;

let user: IdentityUser | null;
let issued: number;
const source = {
  currentUser: () => user,
  getIdToken: vi.fn(async () => `token-${++issued}`),
};

beforeEach(() => {
  vi.useFakeTimers();
  user = { uid: 'u1', email: 'a@example.com', name: 'a' };
  issued = 0;
  source.getIdToken.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('token cache (docs/behaviour.md#api-client: 50 minutes, refreshed under 1 minute left)', () => {
  it('keeps the token: no new fetch at 48 minutes', async () => {
    const cache = createTokenCache(source);
    await expect(cache.get()).resolves.toBe('token-1');
    vi.advanceTimersByTime(48 * MINUTE);
    await expect(cache.get()).resolves.toBe('token-1');
    expect(source.getIdToken).toHaveBeenCalledTimes(1);
  });

  it('keeps it with exactly 1 minute left, refreshes it under 1 minute left', async () => {
    const cache = createTokenCache(source);
    await cache.get();
    vi.advanceTimersByTime(49 * MINUTE);
    await expect(cache.get()).resolves.toBe('token-1');
    vi.advanceTimersByTime(1);
    await expect(cache.get()).resolves.toBe('token-2');
    expect(source.getIdToken).toHaveBeenCalledTimes(2);
  });

  it('the refreshed token is kept another 50 minutes', async () => {
    const cache = createTokenCache(source);
    await cache.get();
    vi.advanceTimersByTime(50 * MINUTE);
    await expect(cache.get()).resolves.toBe('token-2');
    vi.advanceTimersByTime(48 * MINUTE);
    await expect(cache.get()).resolves.toBe('token-2');
  });

  it('drops the cached token when the signed-in uid changes', async () => {
    const cache = createTokenCache(source);
    await cache.get();
    user = { uid: 'u2', email: 'b@example.com', name: 'b' };
    await expect(cache.get()).resolves.toBe('token-2');
    expect(source.getIdToken).toHaveBeenCalledTimes(2);
  });

  it('a forced refresh always fetches, with forceRefresh passed on', async () => {
    const cache = createTokenCache(source);
    await cache.get();
    await expect(cache.get(true)).resolves.toBe('token-2');
    expect(source.getIdToken).toHaveBeenLastCalledWith(true);
  });

  it('clear() forgets the token, also one still being fetched', async () => {
    const cache = createTokenCache(source);
    const pending = cache.get();
    cache.clear();
    await pending;
    await expect(cache.get()).resolves.toBe('token-2');
    cache.clear();
    await expect(cache.get()).resolves.toBe('token-3');
  });

  it('shares one fetch between concurrent callers', async () => {
    const cache = createTokenCache(source);
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect([a, b]).toEqual(['token-1', 'token-1']);
    expect(source.getIdToken).toHaveBeenCalledTimes(1);
  });
});
