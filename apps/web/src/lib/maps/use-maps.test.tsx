import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../api/client-config.ts';
import type { MapLibraries, MapLibraryLoaders } from './map-libraries.ts';
import { MapsProvider } from './maps-provider.tsx';
import { useBaseLayer, useMapLibrary, useMapSettings } from './use-maps.ts';

const geometry = {
  areaSquareMeters: () => 0,
  distanceMeters: () => 42,
} satisfies MapLibraries['geometry'];
const pending = () => new Promise<never>(() => undefined);

function loaders(overrides: Partial<MapLibraryLoaders> = {}): MapLibraryLoaders {
  return {
    marker: vi.fn(pending),
    geometry: vi.fn(async () => geometry),
    drawing: vi.fn(pending),
    places: vi.fn(pending),
    ...overrides,
  };
}

function Distance() {
  const library = useMapLibrary('geometry');
  if (!library) return <p>measuring</p>;
  return <p>{library.distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 0 })} m</p>;
}

function GeocoderUrl() {
  const settings = useMapSettings();
  return <p>{settings ? `geocoder ${settings.geocoderUrl}` : 'no settings yet'}</p>;
}

function Layer() {
  const { layer, defaultLayer } = useBaseLayer();
  return <p>{`${layer} (default ${defaultLayer})`}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the map hooks', () => {
  it('give a library once it has loaded, loading it once for every feature', async () => {
    const load = loaders();
    render(
      <MapsProvider loaders={load}>
        <Distance />
        <Distance />
      </MapsProvider>,
    );
    expect(screen.getAllByText('measuring')).toHaveLength(2);
    expect(await screen.findAllByText('42 m')).toHaveLength(2);
    expect(load.geometry).toHaveBeenCalledTimes(1);
    expect(load.marker).not.toHaveBeenCalled();
  });

  it('throw a library that failed to load to the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = loaders({ geometry: () => Promise.reject(new Error('Loading chunk failed')) });
    render(
      <MapsProvider loaders={load}>
        <Boundary>
          <Distance />
        </Boundary>
      </MapsProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Loading chunk failed');
  });

  it('ask the server for the map settings when a feature needs them', async () => {
    const settings: ClientConfig = {
      appName: 'Foraging Journal',
      localMapStyleUrl: '',
      mapStyleUrl: '',
      satelliteTilesUrl: '',
      topoTilesUrl: '',
      geocoderUrl: '/photon',
    };
    const loadSettings = vi.fn(async () => settings);
    render(
      <MapsProvider loaders={loaders()} loadSettings={loadSettings}>
        <GeocoderUrl />
        <Layer />
      </MapsProvider>,
    );
    expect(screen.getByText('no settings yet')).toBeTruthy();
    expect(await screen.findByText('geocoder /photon')).toBeTruthy();
    expect(screen.getByText('streets (default streets)')).toBeTruthy();
    expect(loadSettings).toHaveBeenCalledTimes(1);
  });

  it('refuse to work outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Layer />)).toThrow('Map features must be rendered inside <MapsProvider>');
  });
});
