import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeFetch,
  flush,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';
import { serverPrefs } from '../../testing/fixtures.ts';

let server: FakeFetch;

/** The real store and API client, a fresh copy per test, against the fake server. */
async function renderSettings() {
  vi.resetModules();
  const { useJournalStore } = await import('../../store/journal-store.ts');
  useJournalStore.getState().setUser('user-1');
  const { SettingsPage } = await import('./settings-page.tsx');
  const { MapsProvider } = await import('../../lib/maps/maps-provider.tsx');
  render(
    <MapsProvider>
      <SettingsPage />
      <ToastContainer />
    </MapsProvider>,
  );
  await screen.findByText('morel');
  return useJournalStore;
}

function add(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const form = screen.getByLabelText(label).closest('form');
  if (!form) throw new Error(`no form around ${label}`);
  fireEvent.submit(form);
}

const section = (name: string) => screen.getByRole('region', { name });
const bodiesOf = (key: string) => server.callsTo(key).map((call) => call.body);
const puts = () => server.calls.filter((call) => call.method === 'PUT');

beforeEach(() => {
  localStorage.clear();
  server = installFakeFetch();
  signedInServer(server);
  server.on('GET /api/v1/preferences', () => json({ data: serverPrefs }));
  for (const path of ['categories', 'terrain', 'trees', 'tutorial', 'species/herbs'])
    server.on(`PUT /api/v1/preferences/${path}`, () => json({ data: serverPrefs }));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SettingsPage: species', () => {
  it('adds and removes a category', async () => {
    const store = await renderSettings();
    add('New category', '  berries ');
    expect(await screen.findByRole('heading', { name: 'berries' })).toBeTruthy();
    await flush();
    expect(bodiesOf('PUT /api/v1/preferences/categories')).toEqual([
      { categories: ['mushrooms', 'herbs', 'berries'] },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove category mushrooms' }));
    expect(screen.queryByRole('heading', { name: 'mushrooms' })).toBeNull();
    expect(Object.keys(store.getState().speciesCategories)).toEqual(['herbs', 'berries']);
  });

  it('ignores an empty or repeated category, with a hint', async () => {
    await renderSettings();
    add('New category', '   ');
    expect(screen.getByText('Type a name first.')).toBeTruthy();
    add('New category', ' Mushrooms ');
    expect(screen.getByText('“mushrooms” is already in the list.')).toBeTruthy();
    await flush();
    expect(puts()).toEqual([]);
  });

  it('adds and removes species within a category', async () => {
    await renderSettings();
    add('New species in herbs', ' thyme ');
    expect(await screen.findByText('thyme')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove species mint' }));
    await flush();
    expect(screen.queryByText('mint')).toBeNull();
    expect(bodiesOf('PUT /api/v1/preferences/species/herbs')).toEqual([
      { species: ['mint', 'thyme'] },
      { species: ['thyme'] },
    ]);
  });

  it('ignores an empty or repeated species, with a hint', async () => {
    await renderSettings();
    add('New species in herbs', 'MINT');
    expect(screen.getByText('“mint” is already in the list.')).toBeTruthy();
    add('New species in herbs', '');
    expect(screen.getByText('Type a name first.')).toBeTruthy();
    await flush();
    expect(puts()).toEqual([]);
  });
});

describe('SettingsPage: terrain and tree types', () => {
  it('shows the defaults fixed and the custom ones removable', async () => {
    await renderSettings();
    const terrain = section('Terrain types');
    expect(within(terrain).getByText('Hilly')).toBeTruthy();
    expect(within(terrain).queryByRole('button', { name: 'Remove terrain type Hilly' })).toBeNull();
    fireEvent.click(within(terrain).getByRole('button', { name: 'Remove terrain type meadow' }));
    await flush();
    // "forest" repeats the built-in "Forest": shown once, as the built-in, and never dropped.
    expect(within(terrain).queryByRole('button', { name: /forest/i })).toBeNull();
    expect(bodiesOf('PUT /api/v1/preferences/terrain')).toEqual([{ terrainTypes: ['forest'] }]);
  });

  it('adds custom terrain and tree types, ignoring repeats of any list', async () => {
    await renderSettings();
    add('New terrain type', 'Bog');
    add('New tree type', ' Yew ');
    expect(screen.getByText('“yew” is already in the list.')).toBeTruthy();
    add('New tree type', 'oak');
    expect(screen.getByText('“Oak” is already in the list.')).toBeTruthy();
    add('New tree type', 'Rowan');
    await flush();
    expect(bodiesOf('PUT /api/v1/preferences/terrain')).toEqual([
      { terrainTypes: ['forest', 'meadow', 'Bog'] },
    ]);
    expect(bodiesOf('PUT /api/v1/preferences/trees')).toEqual([
      { treeTypes: ['oak', 'yew', 'Rowan'] },
    ]);
    expect(within(section('Tree types')).getByText('Rowan')).toBeTruthy();
    await screen.findByText('Settings saved');
  });

  it('confirms a change kept on the device with no connection: it will sync once back online', async () => {
    const store = await renderSettings();
    server.on('PUT /api/v1/preferences/terrain', () =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    add('New terrain type', 'Bog');
    await screen.findByText(
      'Settings saved on this device; they will sync when you are back online',
    );
    expect(store.getState().outbox.map((item) => item.op.kind)).toEqual(['preferences']);
  });
});

describe('SettingsPage: tutorial and map', () => {
  it('turns the tutorial off and on through the endpoint', async () => {
    await renderSettings();
    const toggle = await screen.findByRole('switch', { name: 'Show the tutorial on the home map' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(toggle);
    await flush();
    expect(bodiesOf('PUT /api/v1/preferences/tutorial')).toEqual([{ show: false }]);
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(screen.getByRole('switch').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('switch'));
    await flush();
    expect(bodiesOf('PUT /api/v1/preferences/tutorial')).toEqual([{ show: false }, { show: true }]);
  });

  it('puts the switch back when saving fails, logged only: no message', async () => {
    server.on('PUT /api/v1/preferences/tutorial', () => json({}, 500));
    await renderSettings();
    const toggle = screen.getByRole('switch');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        'Failed to update tutorial flag',
        expect.anything(),
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toMatch(/could not/i);
    expect(document.body.textContent).not.toContain('Settings saved');
  });

  it('a flag that cannot be read is only logged: the switch shows off, no message', async () => {
    server.on('GET /api/v1/preferences', () => json({}, 500));
    vi.resetModules();
    const { SettingsPage } = await import('./settings-page.tsx');
    const { MapsProvider } = await import('../../lib/maps/maps-provider.tsx');
    render(
      <MapsProvider>
        <SettingsPage />
      </MapsProvider>,
    );
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Failed to load preferences', expect.anything()),
    );
    const toggle = screen.getByRole('switch', { name: 'Show the tutorial on the home map' });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it('remembers the default base layer on this device', async () => {
    await renderSettings();
    expect(screen.getByRole('radio', { name: 'Streets' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Topographic' }));
    expect(screen.getByRole('radio', { name: 'Topographic' })).toHaveProperty('checked', true);
    expect(localStorage.getItem('foraging-journal-map')).toBe('topo');
  });
});
