import { getApiOrigin } from './api-base.ts';

/** Run-time settings from the server (GET /api/config, public: docs/behaviour.md#client-config). */
export interface ClientConfig {
  appName: string;
  /** A MapLibre style JSON URL for the streets layer; '' means "no streets style". */
  mapStyleUrl: string;
  /** Raster tile URL templates with {z}/{x}/{y}. */
  satelliteTilesUrl: string;
  topoTilesUrl: string;
  /** A Photon-compatible geocoder endpoint; '' disables place search. */
  geocoderUrl: string;
}

/**
 * What the app uses when the server cannot tell: no outside hosts at all, so the map falls
 * back to its plain background instead of retrying unreachable tile servers.
 */
export const fallbackClientConfig: ClientConfig = {
  appName: 'Foraging Journal',
  mapStyleUrl: '',
  satelliteTilesUrl: '',
  topoTilesUrl: '',
  geocoderUrl: '',
};

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

/** Accepts any object and keeps only string fields; a half-configured server still works. */
export function parseClientConfig(body: unknown): ClientConfig {
  const raw: Record<string, unknown> = typeof body === 'object' && body !== null ? { ...body } : {};
  return {
    appName: text(raw.appName, fallbackClientConfig.appName),
    mapStyleUrl: text(raw.mapStyleUrl, ''),
    satelliteTilesUrl: text(raw.satelliteTilesUrl, ''),
    topoTilesUrl: text(raw.topoTilesUrl, ''),
    geocoderUrl: text(raw.geocoderUrl, ''),
  };
}

async function load(): Promise<ClientConfig> {
  try {
    const response = await fetch(`${getApiOrigin()}/api/config`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
    return parseClientConfig(await response.json());
  } catch (error) {
    // Logged once: the promise is cached, so a down server does not cause a request loop.
    console.warn('Map settings unavailable; using a plain map', error);
    return fallbackClientConfig;
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
