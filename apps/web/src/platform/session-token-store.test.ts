import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Both plugins at their boundary, as in-memory maps that behave like the real ones. */
const fakes = await vi.hoisted(async () =>
  (await import('../testing/fake-native-storage.ts')).createFakeNativeStorage(),
);
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
