import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Both plugins at their boundary, as in-memory maps that behave like the real ones:
 * @capacitor/preferences answers null for a missing key, the secure storage plugin rejects.
 */
const fakes = vi.hoisted(() => {
  const preferences = new Map<string, string>();
  const secure = new Map<string, string>();
  const missing = () => Promise.reject(new Error('Item with given key does not exist'));
  return {
    preferences,
    secure,
    failSecureSet: { on: false },
    Preferences: {
      get: vi.fn(async ({ key }: { key: string }) => ({ value: preferences.get(key) ?? null })),
      set: vi.fn(async ({ key, value }: { key: string; value: string }) => {
        preferences.set(key, value);
      }),
      remove: vi.fn(async ({ key }: { key: string }) => {
        preferences.delete(key);
      }),
    },
    SecureStoragePlugin: {
      get: vi.fn(({ key }: { key: string }) => {
        const value = secure.get(key);
        return value === undefined ? missing() : Promise.resolve({ value });
      }),
      set: vi.fn(async ({ key, value }: { key: string; value: string }) => {
        if (fakes.failSecureSet.on) throw new Error('Keystore unavailable');
        secure.set(key, value);
        return { value: true };
      }),
      remove: vi.fn(({ key }: { key: string }) =>
        secure.delete(key) ? Promise.resolve({ value: true }) : missing(),
      ),
    },
  };
});
vi.mock('@capacitor/preferences', () => ({ Preferences: fakes.Preferences }));
vi.mock('capacitor-secure-storage-plugin', () => ({
  SecureStoragePlugin: fakes.SecureStoragePlugin,
}));

const { createSessionTokenStore } = await import('./session-token-store.ts');

const key = 'fj.sessionToken';

beforeEach(() => {
  fakes.preferences.clear();
  fakes.secure.clear();
  fakes.failSecureSet.on = false;
  vi.clearAllMocks();
});

describe('the session token store', () => {
  it('keeps the token in secure storage only, never in preferences', async () => {
    const store = createSessionTokenStore();
    expect(await store.get()).toBeNull();
    await store.set('session-1');
    expect(fakes.secure.get(key)).toBe('session-1');
    expect(fakes.preferences.has(key)).toBe(false);
    expect(fakes.Preferences.set).not.toHaveBeenCalled();
    expect(await store.get()).toBe('session-1');
  });

  it('forgets the token on sign-out, and signing out twice is fine', async () => {
    const store = createSessionTokenStore();
    await store.set('session-1');
    await store.remove();
    expect(await store.get()).toBeNull();
    await expect(store.remove()).resolves.toBeUndefined();
  });

  it('moves a token an older version left in preferences, once, and deletes it there', async () => {
    fakes.preferences.set(key, 'old-session');
    const store = createSessionTokenStore();
    expect(await store.get()).toBe('old-session');
    expect(fakes.secure.get(key)).toBe('old-session');
    expect(fakes.preferences.has(key)).toBe(false);
    await store.get();
    await store.set('new-session');
    expect(fakes.SecureStoragePlugin.set).toHaveBeenCalledTimes(2);
    expect(fakes.Preferences.get).toHaveBeenCalledTimes(1);
    expect(await store.get()).toBe('new-session');
  });

  it('keeps the newer secure token when an old copy is still in preferences', async () => {
    fakes.secure.set(key, 'secure-session');
    fakes.preferences.set(key, 'stale-session');
    const store = createSessionTokenStore();
    expect(await store.get()).toBe('secure-session');
    expect(fakes.preferences.has(key)).toBe(false);
  });

  it('does not sign anyone out while the move fails, and moves it on the next try', async () => {
    fakes.preferences.set(key, 'old-session');
    fakes.failSecureSet.on = true;
    const store = createSessionTokenStore();
    expect(await store.get()).toBe('old-session');
    expect(fakes.preferences.get(key)).toBe('old-session');

    fakes.failSecureSet.on = false;
    expect(await store.get()).toBe('old-session');
    expect(fakes.secure.get(key)).toBe('old-session');
    expect(fakes.preferences.has(key)).toBe(false);
  });

  it('does not bring a moved token back after sign-out', async () => {
    fakes.preferences.set(key, 'old-session');
    const store = createSessionTokenStore();
    expect(await store.get()).toBe('old-session');
    await store.remove();
    expect(await store.get()).toBeNull();
  });
});
