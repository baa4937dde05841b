import { identity } from '../identity/identity.ts';
import { getApiBaseUrl } from './api-base.ts';
import { createAuthReadiness } from './auth-readiness.ts';
import { createApiClient } from './http-client.ts';
import { redirectToLogin } from './redirect-to-login.ts';
import { createTokenCache } from './token-cache.ts';

/** The app's one token cache: the API client's bearer, warmed by the AuthProvider on sign-in. */
export const tokenCache = createTokenCache(identity);

/** Resolves on the identity provider's first sign-in report (the auth-ready wait, docs/behaviour.md#auth-readiness). */
export const authReadiness = createAuthReadiness(identity);

/** The app's one API client, under /api/v1. */
export const api = createApiClient({
  baseUrl: getApiBaseUrl,
  tokens: tokenCache,
  readiness: authReadiness,
  currentUser: () => identity.currentUser(),
  onSessionExpired: redirectToLogin,
});

/** The bearer token the API client would send now (cached per docs/behaviour.md#api-client). */
export const getAuthToken = (forceRefresh = false) => tokenCache.get(forceRefresh);
