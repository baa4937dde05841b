import type { StyleSpecification } from 'maplibre-gl';
import type { ClientConfig } from '../api/client-config.ts';
import { streetsStyleUrls } from './streets-style.ts';
import { readDefaultBaseLayer, writeDefaultBaseLayer, type BaseLayer } from './base-layer.ts';
import type { MapLibraries, MapLibraryLoaders, MapLibraryName } from './map-libraries.ts';

export interface MapsState {
  /** The server's map settings (GET /api/config); null until asked for and answered. */
  settings: ClientConfig | null;
  /** The base layer the map shows now; it lasts until the page is reloaded. */
  baseLayer: BaseLayer;
  /** The layer the map opens with on this device (a setting kept in local storage). */
  defaultBaseLayer: BaseLayer;
  libraries: Partial<MapLibraries>;
  /** Why a library did not load; it stays failed until the page is reloaded, as pages do. */
  failures: Partial<Record<MapLibraryName, unknown>>;
  /**
   * The streets style, once fetched: the server's own base map when it has one, else the
   * settings' outside style; `url` is the one used, `style` null when neither could be had.
   */
  streets: { url: string; style: StyleSpecification | null } | null;
}

export interface MapsServiceDeps {
  /** Never rejects: an unreachable server answers the plain-map fallback. */
  loadSettings(): Promise<ClientConfig>;
  loaders: MapLibraryLoaders;
  /** Never rejects: a style that cannot be had answers null (the plain background). */
  loadStreetsStyle(url: string): Promise<StyleSpecification | null>;
}

export type MapsService = ReturnType<typeof createMapsService>;

/**
 * What every map feature shares, loaded on first request and once: the settings, each
 * library, and the chosen base layer. Framework-free: React reads it with
 * useSyncExternalStore (use-maps.ts) and tests drive it directly.
 */
export function createMapsService({ loadSettings, loaders, loadStreetsStyle }: MapsServiceDeps) {
  const stored = readDefaultBaseLayer();
  let state: MapsState = {
    settings: null,
    baseLayer: stored,
    defaultBaseLayer: stored,
    libraries: {},
    failures: {},
    streets: null,
  };
  const listeners = new Set<() => void>();
  let settingsLoad: Promise<ClientConfig> | null = null;
  let streetsRequested = false;
  const requested = new Set<MapLibraryName>();

  function requestSettings(): Promise<ClientConfig> {
    if (!settingsLoad) {
      settingsLoad = loadSettings();
      void settingsLoad.then((settings) => update({ settings }));
    }
    return settingsLoad;
  }

  function update(change: Partial<MapsState>) {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  }

  function store<K extends MapLibraryName>(name: K, library: MapLibraries[K]) {
    const libraries: Partial<MapLibraries> = { ...state.libraries };
    libraries[name] = library;
    update({ libraries });
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => state,
    requestSettings() {
      void requestSettings();
    },
    /** The streets style of the settings (asked for first if need be), fetched once. */
    requestStreetsStyle() {
      if (streetsRequested) return;
      streetsRequested = true;
      void requestSettings().then(async (settings) => {
        // The local base map needs no outside host; the outside style stays the fallback.
        for (const url of streetsStyleUrls(settings)) {
          const style = await loadStreetsStyle(url);
          if (style) return update({ streets: { url, style } });
        }
        update({ streets: { url: settings.mapStyleUrl, style: null } });
      });
    },
    requestLibrary<K extends MapLibraryName>(name: K) {
      if (requested.has(name)) return;
      requested.add(name);
      const load: () => Promise<MapLibraries[K]> = loaders[name];
      load().then(
        (library) => store(name, library),
        (error: unknown) => update({ failures: { ...state.failures, [name]: error } }),
      );
    },
    /** The map's own switcher: for this visit only. */
    setBaseLayer(layer: BaseLayer) {
      update({ baseLayer: layer });
    },
    /** The Settings choice: remembered on this device, and shown on the map from now on. */
    setDefaultBaseLayer(layer: BaseLayer) {
      writeDefaultBaseLayer(layer);
      update({ baseLayer: layer, defaultBaseLayer: layer });
    },
  };
}
