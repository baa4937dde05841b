import type { Location } from '@fj/contract/locations';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeLocation } from '../../testing/factories.ts';
import {
  type FakeFetch,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';
import { serverPrefs } from '../../testing/fixtures.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';

let server: FakeFetch;

function manyLocations(count: number): Location[] {
  return Array.from({ length: count }, (_, index) =>
    makeLocation({
      id: `id-${index}`,
      name: `Spot ${String(index).padStart(4, '0')}`,
      categories: index % 2 ? ['berries'] : ['mushrooms'],
      favorite: index % 10 === 0,
      entries:
        index === 3
          ? [makeEntry({ locationId: `id-${index}`, date: '2024-09-01', species: [] })]
          : [],
    }),
  );
}

function MapStandIn() {
  const [params] = useSearchParams();
  return <h1>Map opened at {params.get('location')}</h1>;
}

/** The real store and API client, a fresh copy per test, against the fake server. */
async function renderPage(path = '/locations') {
  vi.resetModules();
  const { useJournalStore } = await import('../../store/journal-store.ts');
  useJournalStore.getState().setUser('user-1');
  const { LocationsPage } = await import('./locations-page.tsx');
  renderWithRouter(
    <Routes>
      <Route path="/locations" element={<LocationsPage />} />
      <Route path="/" element={<MapStandIn />} />
    </Routes>,
    { path },
  );
  return useJournalStore;
}

/** Typing, then the pause that hands the text to the URL and the search. */
function typeQuery(text: string) {
  fireEvent.change(screen.getByLabelText('Search spots'), { target: { value: text } });
  fireEvent.keyDown(screen.getByLabelText('Search spots'), { key: 'Enter' });
}

const rows = () => screen.getByRole('list', { name: 'Spots' }).querySelectorAll('li');

beforeEach(() => {
  localStorage.clear();
  server = installFakeFetch();
  signedInServer(server);
  server.on('GET /api/v1/preferences', () => json({ data: serverPrefs }));
  server.on('GET /api/v1/locations', () => json({ data: manyLocations(5000) }));
  // happy-dom lays nothing out; the virtualiser needs a viewport to fill.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LocationsPage', () => {
  it('renders only a small window of 5,000 spots', async () => {
    await renderPage();
    expect(await screen.findByText('Showing all 5000 spots')).toBeTruthy();
    const count = rows().length;
    expect(count).toBeGreaterThan(5);
    expect(count).toBeLessThan(30);
    expect(rows()[0]?.getAttribute('aria-setsize')).toBe('5000');
    // Last visit, newest first: the one spot with an entry leads.
    expect(within(rows()[0] ?? document.body).getByText('Spot 0003')).toBeTruthy();
  });

  it('opens the picked spot on the map', async () => {
    await renderPage();
    const link = await screen.findByRole('link', { name: /Spot 0003/ });
    expect(link.getAttribute('href')).toBe('/?location=id-3');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Map opened at id-3' })).toBeTruthy();
  });

  it('searches, filters with chips and sorts, with a live count', async () => {
    await renderPage();
    await screen.findByText('Showing all 5000 spots');
    typeQuery('"spot 00"');
    expect(
      await screen.findByText('Showing 100 of 5000 spots · searched on this device'),
    ).toBeTruthy();
    const filters = screen.getByRole('button', { name: 'Filters' });
    if (filters.getAttribute('aria-expanded') === 'false') fireEvent.click(filters);
    fireEvent.click(screen.getByRole('button', { name: 'berries' }));
    expect(screen.getByLabelText<HTMLInputElement>('Search spots').value).toBe(
      '"spot 00" category:berries',
    );
    expect(await screen.findByText(/^Showing 50 of 5000 spots/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'name' } });
    expect(within(rows()[0] ?? document.body).getByText('Spot 0001')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Favourites only/ }));
    expect(await screen.findByText('No spot matches all of this')).toBeTruthy();
    // Spots 0010, 0030…: favourites, but mushrooms; and berries, but not favourites.
    expect(screen.getByRole('button', { name: 'Drop category:berries' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Drop is:favorite' }));
    expect(await screen.findByText(/^Showing 50 of 5000 spots/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Showing all 5000 spots')).toBeTruthy();
  });

  it('asks the server online, and names what cannot be read', async () => {
    server.on('GET /api/v1/search?q=tree%3Aoak&limit=1000', () =>
      json({ data: [{ location: manyLocations(3)[2], entryIds: [] }], total: 1 }),
    );
    await renderPage('/locations?q=tree%3Aoak');
    expect(await screen.findByText('Showing 1 of 5000 spots')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Spot 0002/ }).getAttribute('href')).toBe(
      '/?q=tree%3Aoak&location=id-2',
    );
    typeQuery('tree:oak month:foo');
    expect(await screen.findByText('This search cannot be read')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Drop month' }));
    expect(await screen.findByText('Showing 1 of 5000 spots')).toBeTruthy();
  });

  it('shows an empty state that leads to the map', async () => {
    server.on('GET /api/v1/locations', () => json({ data: [] }));
    await renderPage();
    const link = await screen.findByRole('link', { name: 'Add your first spot on the map' });
    expect(link.getAttribute('href')).toBe('/');
  });

  it('offers Import even to an empty journal (Export only once there are spots); Esc closes it', async () => {
    server.on('GET /api/v1/locations', () => json({ data: [] }));
    await renderPage();
    await screen.findByRole('heading', { name: 'No spots yet' });
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import spots' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('File'));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the error with Retry, and retries', async () => {
    server.on('GET /api/v1/locations', () => json({}, 500));
    await renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load locations');
    server.on('GET /api/v1/locations', () => json({ data: [makeLocation({ id: 'l1' })] }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing all 1 spot')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Spot l1/ })).toBeTruthy();
  });

  it('shows the loading state first', async () => {
    await renderPage();
    expect(screen.getByText('Loading your spots…')).toBeTruthy();
    await screen.findByText('Showing all 5000 spots');
  });
});
