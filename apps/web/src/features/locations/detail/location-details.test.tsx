import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Location } from '@fj/contract/locations';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { MapsProvider } from '../../../lib/maps/maps-provider.tsx';
import { ShareActionProvider } from '../../../lib/sharing/share-action.tsx';
import { makeEntry, makeLocation, photoEntry } from '../../../testing/factories.ts';
import { oakRidge } from '../../../testing/fixtures.ts';
import { empty, json } from '../../../testing/fake-fetch.ts';
import { setUpJournalTests } from '../../../testing/journal-kit.ts';
import { useJournalStore } from '../../../store/journal-store.ts';
import { LocationDetails } from './location-details.tsx';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const t = setUpJournalTests();

const richSpot = makeLocation({
  ...oakRidge,
  categories: ['mushrooms'],
  species: ['morel'],
  terrainType: 'Hilly',
  treeTypes: ['Oak'],
  access: { status: 'ask', note: 'Farm gate' },
  description: 'Past the stile',
  entries: [
    makeEntry({ id: 'e1', date: '2024-05-01', photos: [photoEntry('a'), photoEntry('b')] }),
    makeEntry({ id: 'e2', date: '2024-05-20', photos: [photoEntry('c'), photoEntry('d')] }),
    makeEntry({ id: 'e3', date: '2023-10-02', photos: [photoEntry('e')] }),
  ],
});

function renderDetails(
  location: Location = richSpot,
  userPosition = null as Location['position'] | null,
) {
  useJournalStore.setState({ locations: [location] });
  const props = { onClose: vi.fn(), onEditArea: vi.fn(), onDeleted: vi.fn() };
  render(
    <MapsProvider>
      <LocationDetails location={location} userPosition={userPosition} {...props} />
    </MapsProvider>,
  );
  return props;
}

describe('LocationDetails', () => {
  it('shows the facts, counts, last visit and distance', async () => {
    renderDetails(richSpot, { lat: 51.5, lng: -0.11 });
    expect(screen.getByRole('heading', { name: 'Oak ridge' })).toBeTruthy();
    const text = document.body.textContent ?? '';
    for (const fact of ['mushrooms', 'morel', 'Hilly', 'Oak', 'Ask the owner first', 'Farm gate'])
      expect(text).toContain(fact);
    expect(text).toContain('3 entries, 5 photos');
    // The distance needs turf, which arrives a moment later (a lazy map library).
    expect(await screen.findByText(/m from you$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Draw patch' })).toBeTruthy();
  });

  it('offers Share where the frame provides it, for this spot alone', () => {
    renderDetails();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    const share = vi.fn();
    render(
      <MapsProvider>
        <ShareActionProvider value={share}>
          <LocationDetails
            location={richSpot}
            userPosition={null}
            onClose={vi.fn()}
            onEditArea={vi.fn()}
            onDeleted={vi.fn()}
          />
        </ShareActionProvider>
      </MapsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith([richSpot.id]);
  });

  it('asks before deleting, naming how many entries and photos go with it', async () => {
    t.server.on('DELETE /api/v1/locations/l1', () => empty());
    const props = renderDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/^Delete “Oak ridge”\?/).textContent).toBe(
      'Delete “Oak ridge”? Its 3 entries and 5 photos will be deleted too. This cannot be undone.',
    );
    // Focus starts inside the dialog, on Cancel.
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete spot' }));
    await waitFor(() => expect(props.onDeleted).toHaveBeenCalled());
    expect(t.server.callsTo('DELETE /api/v1/locations/l1')).toHaveLength(1);
    expect(useJournalStore.getState().locations).toEqual([]);
    expect(toast.success).toHaveBeenCalledWith('“Oak ridge” deleted');
  });

  it('a spot without entries is just deleted; Escape or the back button cancel', () => {
    renderDetails(makeLocation(oakRidge));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog').textContent).toContain(
      'Delete “Oak ridge”? This cannot be undone.',
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    act(() => {
      window.dispatchEvent(new Event('fj:close-top-modal', { cancelable: true }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(t.server.callsTo('DELETE /api/v1/locations/l1')).toHaveLength(0);
  });

  it('keeps Tab inside the dialog', () => {
    renderDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    const [cancel, confirm] = within(dialog).getAllByRole('button');
    confirm?.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('toggles the favourite at once (optimistic)', async () => {
    t.server.on('PUT /api/v1/locations/l1', () => json({}));
    renderDetails(makeLocation(oakRidge));
    const star = screen.getByRole('button', { name: 'Favourite' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(t.server.callsTo('PUT /api/v1/locations/l1')).toHaveLength(1));
    expect(t.server.callsTo('PUT /api/v1/locations/l1')[0]?.body).toEqual({ favorite: true });
  });

  it('edits the details: species follow the chosen categories, options come from the store', async () => {
    t.server.on('PUT /api/v1/locations/l1', () => json({}));
    useJournalStore.setState({ terrainOptions: { default: ['Hilly'], custom: ['Bog'] } });
    renderDetails(makeLocation(oakRidge));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('checkbox', { name: 'morel' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'mushrooms' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'morel' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Oak ridge north' } });
    fireEvent.change(screen.getByLabelText('Terrain'), { target: { value: 'Bog' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Birch' }));
    fireEvent.change(screen.getByLabelText('Access'), { target: { value: 'no-foraging' } });
    fireEvent.change(screen.getByLabelText('Access note'), { target: { value: 'Reserve' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Oak ridge north' });
    // Only the changed fields go out (the spot had no description, so none is cleared).
    expect(t.server.callsTo('PUT /api/v1/locations/l1')[0]?.body).toEqual({
      name: 'Oak ridge north',
      categories: ['mushrooms'],
      species: ['morel'],
      terrainType: 'Bog',
      treeTypes: ['Birch'],
      access: { status: 'no-foraging', note: 'Reserve' },
    });
  });

  it('will not save an empty name', () => {
    renderDetails(makeLocation(oakRidge));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Give the spot a name (1 to 120 characters).')).toBeTruthy();
    expect(t.server.callsTo('PUT /api/v1/locations/l1')).toHaveLength(0);
  });

  it('hands patch drawing to the map', async () => {
    const props = renderDetails(
      makeLocation({
        ...oakRidge,
        area: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [0, 1],
              [1, 1],
              [0, 0],
            ],
          ],
        },
      }),
    );
    expect(await screen.findByText(/km²$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit patch' }));
    expect(props.onEditArea).toHaveBeenCalled();
  });
});
