import type { Location } from '@fj/contract/locations';
import { act, fireEvent, screen } from '@testing-library/react';
import { createElement, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MapsProvider } from '../../lib/maps/maps-provider.tsx';
import { makeLocation } from '../../testing/factories.ts';
import { fakeAuth, signedInUser } from '../../testing/fake-auth.ts';
import { installFakeFetch } from '../../testing/fake-fetch.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';

// MapLibre needs WebGL, which happy-dom lacks: the map library is replaced by plain elements.
// `webgl.failure`, when set, is the error MapLibre's map fails with, as react-map-gl hands it on.
const webgl = vi.hoisted(() => ({
  GPUInitializationError: class extends Error {},
  failure: null as Error | null,
}));
vi.mock('react-map-gl/maplibre', () => ({
  default: function FakeMap({
    children,
    onClick,
    onError,
  }: {
    children?: ReactNode;
    onClick?(event: unknown): void;
    onError?(event: { error: Error }): void;
  }) {
    useEffect(() => {
      if (webgl.failure) onError?.({ error: webgl.failure });
    }, [onError]);
    return createElement(
      'div',
      { 'data-testid': 'map' },
      createElement(
        'button',
        {
          type: 'button',
          onClick: () =>
            onClick?.({
              lngLat: { lat: 50.5, lng: 8.25 },
              features: [],
              originalEvent: { target: document.createElement('canvas') },
            }),
        },
        'tap the map',
      ),
      children,
    );
  },
  Source: ({ children }: { children?: ReactNode }) => children,
  Layer: () => null,
  Marker: ({ children }: { children?: ReactNode }) => children,
  ScaleControl: () => null,
  useMap: () => ({ current: undefined }),
}));
vi.mock('../../lib/maps/marker-library.ts', () => ({
  markerLibrary: () => ({ GPUInitializationError: webgl.GPUInitializationError }),
}));
vi.mock('../../lib/identity/auth-provider.tsx', () => ({
  useAuth: () => fakeAuth({ user: signedInUser }),
}));
// The panel's contents belong to the details feature and are tested there.
vi.mock('../../features/locations/detail/location-details.tsx', () => ({
  LocationDetails: ({ location, onClose }: { location: Location; onClose(): void }) =>
    createElement('section', { 'aria-label': 'details' }, location.name, [
      createElement('button', { key: 'c', type: 'button', onClick: onClose }, 'Close details'),
    ]),
}));
vi.mock('../../features/locations/detail/new-location-form.tsx', () => ({
  NewLocationForm: ({ position }: { position: { lat: number; lng: number } }) =>
    createElement('form', { 'aria-label': 'New spot form' }, `at ${position.lat},${position.lng}`),
}));
vi.mock('../../features/entries/entry-timeline.tsx', () => ({
  EntryTimeline: () => createElement('p', null, 'timeline'),
}));

const { HomeScreen } = await import('./home-screen.tsx');

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

const fetchLocations = vi.fn(async () => {});

function seed(patch: Partial<ReturnType<typeof useJournalStore.getState>>) {
  useJournalStore.setState({
    userId: 'u1',
    locations: [],
    locationsLoading: false,
    locationsError: null,
    lastLocationsFetch: Date.now(),
    sharedWithMe: [],
    fetchLocations,
    ...patch,
  });
}

function show(path = '/') {
  renderWithRouter(
    <>
      <MapsProvider>
        <HomeScreen />
      </MapsProvider>
      <Where />
    </>,
    { path },
  );
}

describe('HomeScreen', () => {
  beforeEach(() => {
    installFakeFetch();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchLocations.mockClear();
    webgl.failure = null;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('greets the user and fetches the spots on arrival', async () => {
    seed({ lastLocationsFetch: null });
    show();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hello, ada');
    expect(fetchLocations).toHaveBeenCalledTimes(1);
    await screen.findByTestId('map');
  });

  it('explains, instead of a map, when MapLibre cannot make its WebGL context', async () => {
    seed({ locations: [makeLocation({ id: 'l1' })] });
    webgl.failure = new webgl.GPUInitializationError('Failed to initialize WebGL');
    show();
    expect(await screen.findByText(/This browser cannot draw maps \(WebGL is off\)/)).toBeTruthy();
    expect(screen.queryByTestId('map')).toBeNull();
  });

  it('keeps the map when it reports another error (a tile that failed)', async () => {
    seed({ locations: [makeLocation({ id: 'l1' })] });
    webgl.failure = new Error('tile failed');
    show();
    await screen.findByTestId('map');
    expect(screen.queryByText(/cannot draw maps/)).toBeNull();
  });

  it('shows a loading indicator while the spots load', () => {
    seed({ locationsLoading: true, lastLocationsFetch: null });
    show();
    expect(screen.getByText('Loading your spots…')).toBeTruthy();
    expect(screen.queryByText('Add your first spot')).toBeNull();
  });

  it('shows the local copy, not a loading indicator, once a fetch got no answer offline', () => {
    // The fetch failed with no response: no error, never fetched, but the local copy is there.
    seed({ lastLocationsFetch: null, lastSyncedAt: Date.now() - 60_000 });
    show();
    expect(screen.queryByText('Loading your spots…')).toBeNull();
    expect(screen.getByRole('region', { name: 'Add your first spot' })).toBeTruthy();
  });

  it('keeps the loading indicator while a fetch with no local copy has not answered', () => {
    seed({ lastLocationsFetch: null, lastSyncedAt: null });
    show();
    expect(screen.getByText('Loading your spots…')).toBeTruthy();
  });

  it('shows the load error with a Retry button that forces a fetch', () => {
    seed({ locationsError: 'Failed to load locations', lastLocationsFetch: null });
    show();
    expect(screen.getByRole('alert').textContent).toContain('Failed to load locations');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fetchLocations).toHaveBeenLastCalledWith(true);
    expect(screen.queryByText('Add your first spot')).toBeNull();
  });

  it('leaves the first-spot card away while spots shared with the user are on the map', () => {
    seed({
      sharedWithMe: [
        {
          id: 'g1',
          from: { name: 'Anna' },
          status: 'accepted',
          precision: 'cell02',
          expiresAt: '2099-01-01T00:00:00.000Z',
          locations: [{ id: 's1', name: 'Meadow', entries: [] }],
        },
      ],
    });
    show();
    expect(screen.queryByRole('region', { name: 'Add your first spot' })).toBeNull();
  });

  it('guides a new user: empty-state card, then add mode, then the new-spot form', async () => {
    seed({});
    show();
    const card = screen.getByRole('region', { name: 'Add your first spot' });
    fireEvent.click(card.querySelector('button') ?? card);
    expect(screen.queryByRole('region', { name: 'Add your first spot' })).toBeNull();
    // jsdom has no touch screen: the desktop's verb.
    expect(screen.getByText(/^Click the map where you found something/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'tap the map' }));
    expect(screen.getByRole('form', { name: 'New spot form' }).textContent).toBe('at 50.5,8.25');
    expect(screen.getByRole('complementary', { name: 'New spot' })).toBeTruthy();
  });

  it('ignores map taps outside add mode', async () => {
    seed({ locations: [makeLocation({ id: 'l1' })] });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'tap the map' }));
    expect(screen.queryByRole('form', { name: 'New spot form' })).toBeNull();
    expect(screen.queryByText('Add your first spot')).toBeNull();
  });

  it('opens the spot named in ?location= and closes it on a back-button request', async () => {
    seed({ locations: [makeLocation({ id: 'l1', name: 'Chanterelle dell' })] });
    show('/?location=l1');
    expect(screen.getByRole('region', { name: 'details' }).textContent).toContain(
      'Chanterelle dell',
    );
    expect(screen.getByText('timeline')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('fj:close-top-modal', { cancelable: true }));
    });
    expect(screen.queryByRole('region', { name: 'details' })).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('');
    await screen.findByTestId('map');
  });

  it('closes the new-spot sheet with its close button', async () => {
    seed({});
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Add a spot', pressed: false }));
    fireEvent.click(await screen.findByRole('button', { name: 'tap the map' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close panel' }));
    expect(screen.queryByRole('form', { name: 'New spot form' })).toBeNull();
  });

  it('closes the details through their own close button', () => {
    seed({ locations: [makeLocation({ id: 'l1' })] });
    show('/?location=l1');
    expect(screen.queryByRole('button', { name: 'Close panel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close details' }));
    expect(screen.queryByRole('region', { name: 'details' })).toBeNull();
  });
});
