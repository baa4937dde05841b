import { describe, expect, it } from 'vitest';
import * as spec from './spec-constants.ts';

/** docs/behaviour.md#constants and #error-catalogue, verbatim: a change here must be a change of the spec. */
describe('spec constants', () => {
  it('holds the documented numbers', () => {
    expect(spec.API_TIMEOUT_MS).toBe(30000);
    expect(spec.TOKEN_CACHE_MS).toBe(50 * 60 * 1000);
    expect(spec.TOKEN_REFRESH_MARGIN_MS).toBe(60 * 1000);
    expect(spec.AUTH_READY_MAX_MS).toBe(10000);
    expect(spec.AUTH_READY_PER_REQUEST_MS).toBe(5000);
    expect(spec.AUTH_FALLBACK_MS).toBe(15000);
    expect(spec.PREFS_INIT_DELAY_MS).toBe(500);
    expect(spec.LOCATIONS_CACHE_MS).toBe(30000);
    expect(spec.PREFERENCES_CACHE_MS).toBe(300000);
    expect(spec.HEALTH_ABORT_MS).toBe(15000);
    expect(spec.HEALTH_MAX_RETRIES).toBe(5);
    expect(spec.HEALTH_BACKOFF_BASE_MS).toBe(2000);
    expect(spec.HEALTH_BACKOFF_FACTOR).toBe(1.5);
    expect(spec.HEALTH_BACKOFF_MAX_MS).toBe(10000);
    expect(spec.HEALTH_PROGRESS_STEP).toBe(20);
    expect(spec.HEALTH_PROGRESS_MAX).toBe(95);
    expect(spec.TOAST_AUTO_CLOSE_MS).toBe(3000);
    expect(spec.CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(spec.STORE_KEY).toBe('foraging-journal-store');
    expect(spec.STORE_VERSION).toBe(2);
    expect(spec.userInitializedKey('abc')).toBe('user_initialized_abc');
    expect(spec.LAST_LOGGED_IN_USER_KEY).toBe('lastLoggedInUser');
    expect(spec.MAPS_LIBRARIES).toEqual(['marker', 'geometry', 'drawing', 'places']);
  });

  it('holds the documented error texts', () => {
    expect(spec.MESSAGES).toEqual({
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
