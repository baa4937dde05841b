import { Preferences } from '@capacitor/preferences';
import { SecureStoragePlugin } from 'capacitor-secure-storage-plugin';

/** Where the native app keeps better-auth's session token (the bearer plugin's `set-auth-token`). */
export interface SessionTokenStore {
  get(): Promise<string | null>;
  set(token: string): Promise<void>;
  remove(): Promise<void>;
}

const key = 'fj.sessionToken';

/** The plugin rejects a read or removal of a key it does not hold; that is "no token". */
async function readSecure(): Promise<string | null> {
  try {
    return (await SecureStoragePlugin.get({ key })).value || null;
  } catch {
    return null;
  }
}

/**
 * capacitor-secure-storage-plugin: the iOS Keychain, and on Android a value encrypted with a key
 * in the Android Keystore (SharedPreferences file `cap_sec`, left out of backups: see
 * res/xml/backup_rules.xml). Earlier versions kept the token in plain @capacitor/preferences;
 * the first read moves it over and deletes it there. Until that move succeeds the old copy stays,
 * so a failing Keychain never signs anyone out.
 */
export function createSessionTokenStore(): SessionTokenStore {
  let migrated: Promise<void> | null = null;

  async function migrate(): Promise<void> {
    const old = (await Preferences.get({ key })).value;
    if (!old) return;
    // A token already in secure storage is the newer one; the old copy only needs deleting.
    if ((await readSecure()) === null) await SecureStoragePlugin.set({ key, value: old });
    await Preferences.remove({ key });
  }

  /** Runs the move once per app start; a failed move is tried again on the next call. */
  function migrateOnce(): Promise<void> {
    migrated ??= migrate().catch(() => {
      migrated = null;
    });
    return migrated;
  }

  return {
    async get() {
      await migrateOnce();
      // Preferences still hold a token only while moving it keeps failing.
      return (await readSecure()) ?? (await Preferences.get({ key })).value;
    },
    async set(token) {
      await migrateOnce();
      await SecureStoragePlugin.set({ key, value: token });
    },
    async remove() {
      await SecureStoragePlugin.remove({ key }).catch(() => undefined);
      await Preferences.remove({ key });
    },
  };
}

export const sessionTokenStore: SessionTokenStore = createSessionTokenStore();
