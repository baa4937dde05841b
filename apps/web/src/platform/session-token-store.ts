import { Preferences } from '@capacitor/preferences';

/** Where the native app keeps better-auth's session token (the bearer plugin's `set-auth-token`). */
export interface SessionTokenStore {
  get(): Promise<string | null>;
  set(token: string): Promise<void>;
  remove(): Promise<void>;
}

const key = 'fj.sessionToken';

/**
 * @capacitor/preferences: SharedPreferences on Android, UserDefaults on iOS (localStorage in a
 * browser). The WebView's own storage can be wiped by the OS under memory pressure; these stay.
 */
export const preferencesSessionTokenStore: SessionTokenStore = {
  get: async () => (await Preferences.get({ key })).value,
  set: (token) => Preferences.set({ key, value: token }),
  remove: () => Preferences.remove({ key }),
};
