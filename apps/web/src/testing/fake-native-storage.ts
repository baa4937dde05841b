import { vi } from 'vitest';

/**
 * Both storage plugins at their boundary, as in-memory maps that behave like the real ones:
 * @capacitor/preferences answers null for a missing key, capacitor-secure-storage-plugin
 * rejects. `failSecureSet.on` makes the secure store refuse writes (a broken keystore).
 * vi.mock factories run before imports, so a test file creates it in a hoisted block:
 *
 *   const storage = await vi.hoisted(async () =>
 *     (await import('../testing/fake-native-storage.ts')).createFakeNativeStorage(),
 *   );
 *   vi.mock('@capacitor/preferences', () => ({ Preferences: storage.Preferences }));
 */
export function createFakeNativeStorage() {
  const preferences = new Map<string, string>();
  const secure = new Map<string, string>();
  const failSecureSet = { on: false };
  const missing = () => Promise.reject(new Error('Item with given key does not exist'));
  return {
    preferences,
    secure,
    failSecureSet,
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
        if (failSecureSet.on) throw new Error('Keystore unavailable');
        secure.set(key, value);
        return { value: true };
      }),
      remove: vi.fn(({ key }: { key: string }) =>
        secure.delete(key) ? Promise.resolve({ value: true }) : missing(),
      ),
    },
  };
}
