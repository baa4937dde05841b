/**
 * Every number and text docs/behaviour.md fixes, in one place, so a test can assert the spec's value
 * and a reviewer can check them against docs/behaviour.md#constants and #error-catalogue side by side.
 */

// API client (docs/behaviour.md#api-client)
export const API_TIMEOUT_MS = 30_000;

/** An upload fails after this long without progress; a slow one that keeps moving never does. */
export const UPLOAD_STALL_MS = 30_000;
export const TOKEN_CACHE_MS = 50 * 60_000;
export const TOKEN_REFRESH_MARGIN_MS = 60_000;
export const AUTH_READY_MAX_MS = 10_000;
export const AUTH_READY_PER_REQUEST_MS = 5_000;
export const PREFERENCES_CACHE_MS = 300_000;
export const HEALTH_ABORT_MS = 15_000;

// Server-readiness gate (docs/behaviour.md#readiness-gate), for the UI
export const HEALTH_MAX_RETRIES = 5;
export const HEALTH_BACKOFF_BASE_MS = 2_000;
export const HEALTH_BACKOFF_FACTOR = 1.5;
export const HEALTH_BACKOFF_MAX_MS = 10_000;
export const HEALTH_PROGRESS_STEP = 20;
export const HEALTH_PROGRESS_MAX = 95;

// Session (docs/behaviour.md#session)
export const AUTH_FALLBACK_MS = 15_000;
export const PREFS_INIT_DELAY_MS = 500;
export const LAST_LOGGED_IN_USER_KEY = 'lastLoggedInUser';
export const userInitializedKey = (uid: string) => `user_initialized_${uid}`;
export const LOGIN_PATH = '/login';
export const TOKEN_EXPIRED_CODE = 'auth/user-token-expired';

// Journal store (docs/behaviour.md#journal-store)
export const STORE_KEY = 'foraging-journal-store';
export const STORE_VERSION = 2;
export const LOCATIONS_CACHE_MS = 30_000;
export const DEFAULT_TERRAIN_OPTIONS: readonly string[] = [
  'Hilly',
  'Flat',
  'Marshy',
  'Rocky',
  'Forest',
  'Open Field',
  'Riverbank',
  'Lakeside',
];
export const DEFAULT_TREE_OPTIONS: readonly string[] = [
  'Oak',
  'Pine',
  'Maple',
  'Birch',
  'Elm',
  'Cedar',
  'Poplar',
  'Spruce',
  'Ash',
  'Hickory',
  'Cherry',
  'Beech',
  'Aspen',
  'Mixed Forest',
];

// UI (docs/behaviour.md#constants), for the other half of the app
export const TOAST_AUTO_CLOSE_MS = 3_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const MAPS_LIBRARIES: readonly string[] = ['marker', 'geometry', 'drawing', 'places'];

/** The texts of docs/behaviour.md#error-catalogue, exactly. */
export const MESSAGES = {
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
} as const;
