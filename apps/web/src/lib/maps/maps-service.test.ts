import type { StyleSpecification } from 'maplibre-gl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../api/client-config.ts';
import type { MapLibraries, MapLibraryLoaders } from './map-libraries.ts';
import { createMapsService } from './maps-service.ts';

const settings: ClientConfig = {
  appName: 'Foraging Journal',
  mapStyleUrl: '/style.json',
  localMapStyleUrl: '',
  satelliteTilesUrl: '',
  topoTilesUrl: '',
  geocoderUrl: '/geocode',
};
const geometry = {} as MapLibraries['geometry'];

const style = { version: 8, sources: {}, layers: [] } as StyleSpecification;

function setUp(loaders: Partial<MapLibraryLoaders> = {}) {
  const loadSettings = vi.fn(async () => settings);
  const loadStreetsStyle = vi.fn(async (_url: string): Promise<StyleSpecification | null> => style);
  const all: MapLibraryLoaders = {
    marker: vi.fn(() => new Promise<never>(() => undefined)),
    geometry: vi.fn(async () => geometry),
    drawing: vi.fn(() => new Promise<never>(() => undefined)),
    places: vi.fn(() => new Promise<never>(() => undefined)),
    ...loaders,
  };
  const maps = createMapsService({ loadSettings, loaders: all, loadStreetsStyle });
  const changed = vi.fn();
  maps.subscribe(changed);
  return { maps, loadSettings, loadStreetsStyle, loaders: all, changed };
}

beforeEach(() => localStorage.clear());

describe('the maps service', () => {
  it('loads nothing until a feature asks', () => {
    const { loadSettings, loaders } = setUp();
    expect(loadSettings).not.toHaveBeenCalled();
    for (const load of Object.values(loaders)) expect(load).not.toHaveBeenCalled();
  });

  it('asks the server for the settings once, however many features ask', async () => {
    const { maps, loadSettings, changed } = setUp();
    maps.requestSettings();
    maps.requestSettings();
    expect(maps.getSnapshot().settings).toBeNull();
    await vi.waitFor(() => expect(maps.getSnapshot().settings).toBe(settings));
    expect(loadSettings).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('fetches the streets style of the settings once, asking for the settings first', async () => {
    const { maps, loadSettings, loadStreetsStyle } = setUp();
    maps.requestStreetsStyle();
    maps.requestStreetsStyle();
    await vi.waitFor(() =>
      expect(maps.getSnapshot().streets).toEqual({ url: '/style.json', style }),
    );
    expect(maps.getSnapshot().settings).toBe(settings);
    maps.requestSettings();
    expect(loadSettings).toHaveBeenCalledTimes(1);
    expect(loadStreetsStyle).toHaveBeenCalledTimes(1);
    expect(loadStreetsStyle).toHaveBeenCalledWith('/style.json');
  });

  it("takes the server's own base map for streets when it has one, the outside style if it fails", async () => {
    const local = { ...settings, localMapStyleUrl: '/api/tiles/region/style.json' };
    const own = setUp();
    own.loadSettings.mockResolvedValue(local);
    own.maps.requestStreetsStyle();
    await vi.waitFor(() =>
      expect(own.maps.getSnapshot().streets).toEqual({ url: local.localMapStyleUrl, style }),
    );
    expect(own.loadStreetsStyle.mock.calls).toEqual([[local.localMapStyleUrl]]);

    const broken = setUp();
    broken.loadSettings.mockResolvedValue(local);
    broken.loadStreetsStyle.mockImplementation(async (url) =>
      url === '/style.json' ? style : null,
    );
    broken.maps.requestStreetsStyle();
    await vi.waitFor(() =>
      expect(broken.maps.getSnapshot().streets).toEqual({ url: '/style.json', style }),
    );
  });

  it('does not fetch the streets style for the settings alone', async () => {
    const { maps, loadStreetsStyle } = setUp();
    maps.requestSettings();
    await vi.waitFor(() => expect(maps.getSnapshot().settings).toBe(settings));
    expect(loadStreetsStyle).not.toHaveBeenCalled();
    expect(maps.getSnapshot().streets).toBeNull();
  });

  it('loads each library once, and only the one asked for', async () => {
    const { maps, loaders } = setUp();
    maps.requestLibrary('geometry');
    maps.requestLibrary('geometry');
    await vi.waitFor(() => expect(maps.getSnapshot().libraries.geometry).toBe(geometry));
    expect(loaders.geometry).toHaveBeenCalledTimes(1);
    expect(loaders.marker).not.toHaveBeenCalled();
    expect(loaders.drawing).not.toHaveBeenCalled();
  });

  it('keeps a library that failed as failed (a reload tries again)', async () => {
    const failure = new Error('Loading chunk failed');
    const { maps, loaders } = setUp({ drawing: vi.fn(() => Promise.reject(failure)) });
    maps.requestLibrary('drawing');
    await vi.waitFor(() => expect(maps.getSnapshot().failures.drawing).toBe(failure));
    maps.requestLibrary('drawing');
    expect(loaders.drawing).toHaveBeenCalledTimes(1);
    expect(maps.getSnapshot().libraries.drawing).toBeUndefined();
  });

  it('opens on the default layer of this device', () => {
    localStorage.setItem('foraging-journal-map', 'satellite');
    expect(setUp().maps.getSnapshot()).toMatchObject({
      baseLayer: 'satellite',
      defaultBaseLayer: 'satellite',
    });
  });

  it("the map's switcher changes the layer for this visit only", () => {
    const { maps } = setUp();
    maps.setBaseLayer('topo');
    expect(maps.getSnapshot()).toMatchObject({ baseLayer: 'topo', defaultBaseLayer: 'streets' });
    expect(localStorage.getItem('foraging-journal-map')).toBeNull();
  });

  it('a new default is remembered and shown on the map', () => {
    const { maps } = setUp();
    maps.setBaseLayer('topo');
    maps.setDefaultBaseLayer('satellite');
    expect(maps.getSnapshot()).toMatchObject({
      baseLayer: 'satellite',
      defaultBaseLayer: 'satellite',
    });
    expect(localStorage.getItem('foraging-journal-map')).toBe('satellite');
  });
});
