import { describe, expect, it } from 'vitest';
import { tombstoneRetentionDays } from '@fj/contract/sync';
import { AUTH_READY_MAX_MS, AUTH_READY_PER_REQUEST_MS } from '../lib/api/auth-readiness.ts';
import { ETAG_MEMORY_URLS } from '../lib/api/etag-memory.ts';
import { HEALTH_ABORT_MS } from '../lib/api/health.ts';
import { API_TIMEOUT_MS } from '../lib/api/http-client.ts';
import { UPLOAD_STALL_MS } from '../lib/api/photo-upload.ts';
import { PREFERENCES_CACHE_MS } from '../lib/api/preferences-cache.ts';
import { PREFS_INIT_FAILED } from '../lib/api/preferences-service.ts';
import { TOKEN_CACHE_MS, TOKEN_REFRESH_MARGIN_MS } from '../lib/api/token-cache.ts';
import { USE_AUTH_OUTSIDE_PROVIDER } from '../lib/identity/auth-provider.tsx';
import { PENDING_SIGN_OUT_KEY } from '../lib/identity/identity-device.ts';
import { OFFLINE_RECHECK_MS } from '../lib/identity/identity.ts';
import { REMEMBERED_USER_KEY } from '../lib/identity/remembered-user.ts';
import {
  AUTH_FALLBACK_MS,
  LAST_LOGGED_IN_USER_KEY,
  PREFS_INIT_DELAY_MS,
  TOKEN_FETCH_FAILED,
  USER_DATA_INIT_FAILED,
  userInitializedKey,
} from '../lib/identity/session.ts';
import { mapLibraryNames } from '../lib/maps/map-libraries.ts';
import { REPLAY_FIRST_DELAY_MS, REPLAY_MAX_DELAY_MS } from '../lib/offline/outbox-replay.ts';
import { notSyncedText, waitingText } from '../store/outbox-view.ts';
import { UPDATE_CHECK_MS } from '../lib/offline/service-worker.ts';
import { STORE_KEY, STORE_VERSION } from '../store/journal-persistence.ts';
import {
  LOCATIONS_CACHE_MS,
  LOCATIONS_LOAD_FAILED,
  USER_NOT_AUTHENTICATED,
} from '../store/location-slice.ts';
import { SPECIES_LOAD_FAILED } from '../store/species-sync.ts';
import { connectionIssue, readinessRules } from './readiness/readiness.ts';
import { chunkLoadFailed, chunkLoadTimeoutMs } from './routing/lazy-page.ts';
import { toastSettings } from './toast-settings.ts';

/**
 * docs/behaviour.md#constants and #error-catalogue, verbatim: each value lives beside the code
 * that uses it, and this one test holds them all against the spec, so a change there must be a
 * change of the spec.
 */
describe('spec constants', () => {
  it('holds the sync status texts (docs/behaviour.md#sync-status)', () => {
    expect(notSyncedText(1)).toBe('1 change is not synced yet');
    expect(notSyncedText(3)).toBe('3 changes are not synced yet');
    expect([0, 1, 3].map(waitingText)).toEqual([
      'All changes synced',
      '1 change waiting',
      '3 changes waiting',
    ]);
  });

  it('holds the documented numbers', () => {
    expect(API_TIMEOUT_MS).toBe(30000);
    expect(REPLAY_FIRST_DELAY_MS).toBe(5000);
    expect(REPLAY_MAX_DELAY_MS).toBe(5 * 60 * 1000);
    expect(UPDATE_CHECK_MS).toBe(60 * 60 * 1000);
    expect(TOKEN_CACHE_MS).toBe(50 * 60 * 1000);
    expect(TOKEN_REFRESH_MARGIN_MS).toBe(60 * 1000);
    expect(AUTH_READY_MAX_MS).toBe(10000);
    expect(AUTH_READY_PER_REQUEST_MS).toBe(5000);
    expect(AUTH_FALLBACK_MS).toBe(15000);
    expect(PREFS_INIT_DELAY_MS).toBe(500);
    expect(LOCATIONS_CACHE_MS).toBe(30000);
    expect(PREFERENCES_CACHE_MS).toBe(300000);
    expect(ETAG_MEMORY_URLS).toBe(16);
    expect(tombstoneRetentionDays).toBe(90);
    expect(HEALTH_ABORT_MS).toBe(15000);
    expect(readinessRules.maxRetries).toBe(5);
    expect(readinessRules.baseDelayMs).toBe(2000);
    expect(readinessRules.backoffFactor).toBe(1.5);
    expect(readinessRules.maxDelayMs).toBe(10000);
    expect(readinessRules.progressPerAttempt).toBe(20);
    expect(readinessRules.maxProgress).toBe(95);
    expect(toastSettings.autoClose).toBe(3000);
    expect(chunkLoadTimeoutMs).toBe(120000);
    expect(STORE_KEY).toBe('foraging-journal-store');
    expect(STORE_VERSION).toBe(2);
    expect(userInitializedKey('abc')).toBe('user_initialized_abc');
    expect(LAST_LOGGED_IN_USER_KEY).toBe('lastLoggedInUser');
    expect(REMEMBERED_USER_KEY).toBe('signedInUser');
    expect(PENDING_SIGN_OUT_KEY).toBe('pendingSignOut');
    expect(OFFLINE_RECHECK_MS).toBe(60000);
    expect(UPLOAD_STALL_MS).toBe(30000);
    expect(mapLibraryNames).toEqual(['marker', 'geometry', 'drawing', 'places']);
  });

  it('holds the documented error texts', () => {
    expect({
      locationsLoadFailed: LOCATIONS_LOAD_FAILED,
      speciesLoadFailed: SPECIES_LOAD_FAILED,
      userNotAuthenticated: USER_NOT_AUTHENTICATED,
      useAuthOutsideProvider: USE_AUTH_OUTSIDE_PROVIDER,
      prefsInitFailed: PREFS_INIT_FAILED,
      userDataInitFailed: USER_DATA_INIT_FAILED,
      tokenFetchFailed: TOKEN_FETCH_FAILED,
      connectionIssueHeading: connectionIssue.heading,
      connectionIssueMessage: connectionIssue.message,
      chunkLoadFailed,
    }).toEqual({
      locationsLoadFailed: 'Failed to load locations',
      speciesLoadFailed: 'Failed to load species data',
      userNotAuthenticated: 'User not authenticated',
      useAuthOutsideProvider: 'useAuth must be used within a FirebaseAuthProvider',
      prefsInitFailed: 'Failed to initialize user preferences',
      userDataInitFailed: 'Failed to initialize user data',
      tokenFetchFailed: 'Error getting user token',
      connectionIssueHeading: 'Connection Issue',
      connectionIssueMessage:
        'Server is taking longer than expected to start. Please refresh the page.',
      chunkLoadFailed: 'Loading chunk failed',
    });
  });
});
