import {
  defaultAppName,
  readClientConfig,
  type ClientConfig,
} from '@fj/contract/client-config-reading';
import { fetchOrSavedCopy } from '../saved-tiles/saved-fetch.ts';
import { getApiOrigin, resolveServerUrl } from './api-base.ts';
import { fetchOrEarly } from './early-answer.ts';
import { deadlineIn } from './request-deadline.ts';

export type { ClientConfig } from '@fj/contract/client-config-reading';

/**
 * What the app uses when the server cannot tell: no outside hosts at all, so the map falls
 * back to its plain background instead of retrying unreachable tile servers.
 */
export const fallbackClientConfig: ClientConfig = {
  appName: defaultAppName,
  mapStyleUrl: '',
  localMapStyleUrl: '',
  satelliteTilesUrl: '',
  topoTilesUrl: '',
  geocoderUrl: '',
};

/** Accepts any answer and keeps only its text fields; a half-configured server still works. */
export const parseClientConfig = (body: unknown): ClientConfig => readClientConfig(body);

/** Saved with each map area, so the map finds its style offline. */
export const clientConfigUrl = (): string => `${getApiOrigin()}/api/config`;

export const configHeaders = { accept: 'application/json' };

async function load(): Promise<ClientConfig> {
  // Within 30 s like every request (docs/behaviour.md#api-client), the body included.
  const deadline = deadlineIn();
  try {
    // The copy kept with saved map areas lets the map start with no network (issue 14).
    // Asked for as the app started on `/` (app/start-up.ts), when that got an answer.
    const response = await fetchOrSavedCopy(
      clientConfigUrl(),
      { headers: configHeaders, signal: deadline.signal },
      fetchOrEarly,
    );
    if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
    const config = parseClientConfig(await response.json());
    // A path on the API's host: the native WebView would look for it on its own origin.
    return {
      ...config,
      localMapStyleUrl: config.localMapStyleUrl && resolveServerUrl(config.localMapStyleUrl),
    };
  } catch (error) {
    // Logged once: the promise is cached, so a down server does not cause a request loop.
    console.warn('Map settings unavailable; using a plain map', error);
    return fallbackClientConfig;
  } finally {
    deadline.clear();
  }
}

let cached: Promise<ClientConfig> | null = null;

/** Fetched once per page load; never rejects. */
export function getClientConfig(): Promise<ClientConfig> {
  cached ??= load();
  return cached;
}

/** Tests only: forget the cached answer. */
export function resetClientConfigCache(): void {
  cached = null;
}
