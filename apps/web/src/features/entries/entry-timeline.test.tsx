import type { Location } from '@fj/contract/locations';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEntry, makeLocation, photoEntry } from '../../testing/factories.ts';
import { oakRidge } from '../../testing/fixtures.ts';
import { json } from '../../testing/fake-fetch.ts';
import { setUpJournalTests } from '../../testing/journal-kit.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import { EntryTimeline } from './entry-timeline.tsx';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const t = setUpJournalTests();

function show(location: Location) {
  useJournalStore.setState({ locations: [location] });
  render(<EntryTimeline location={location} />);
}

/** The server answers entry writes with the whole location (docs/behaviour.md#endpoints). */
function answerWithLocation(method: 'POST' | 'PUT', path: string) {
  t.server.on(`${method} ${path}`, (call) => {
    const body = call.body as Record<string, unknown>;
    const entry = makeEntry({
      id: String(body.id ?? 'e1'),
      date: String(body.date),
      photos: (body.photos as ReturnType<typeof photoEntry>[] | undefined) ?? [],
    });
    return json(
      { location: makeLocation({ ...oakRidge, entries: [entry] }) },
      method === 'POST' ? 201 : 200,
    );
  });
}

describe('EntryTimeline', () => {
  it('shows the empty state before the first visit', () => {
    show(makeLocation(oakRidge));
    expect(screen.getByText('No visits yet — add your first entry.')).toBeTruthy();
  });

  it('lists entries newest first, with species, abundance, weather, notes and photos', () => {
    show(
      makeLocation({
        ...oakRidge,
        entries: [
          makeEntry({ id: 'old', date: '2023-09-01' }),
          makeEntry({
            id: 'new',
            date: '2024-05-20',
            species: ['chanterelle'],
            abundance: 3,
            weather: 'After rain',
            notes: 'Under the beeches',
            photos: [photoEntry('p1')],
          }),
          makeEntry({ id: 'mid', date: '2024-01-10' }),
        ],
      }),
    );
    const cards = screen.getAllByRole('article');
    const dates = cards.map((card) => card.querySelector('time')?.getAttribute('datetime'));
    expect(dates).toEqual(['2024-05-20', '2024-01-10', '2023-09-01']);
    const newest = within(cards[0] as HTMLElement);
    expect(newest.getByText('chanterelle')).toBeTruthy();
    expect(newest.getByRole('img', { name: 'Abundance 3 of 5' })).toBeTruthy();
    expect(newest.getByText('Weather: After rain')).toBeTruthy();
    expect(newest.getByText('Under the beeches')).toBeTruthy();
    const thumb = newest.getByRole('button', { name: 'View photo 1 of 1' });
    expect(thumb.querySelector('img')?.getAttribute('src')).toBe(photoEntry('p1').thumbnailUrl);
  });

  it('opens a photo full size; Escape and the back button close the viewer', () => {
    show(
      makeLocation({
        ...oakRidge,
        entries: [makeEntry({ id: 'e1', date: '2024-05-20', photos: [photoEntry('p1')] })],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'View photo 1 of 1' }));
    const viewer = screen.getByRole('dialog');
    expect(viewer.querySelector('img')?.getAttribute('src')).toBe(photoEntry('p1').url);
    fireEvent.keyDown(viewer, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View photo 1 of 1' }));
    act(() => {
      window.dispatchEvent(new Event('fj:close-top-modal', { cancelable: true }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds an entry: date defaults to today, and what was chosen is sent to the store', async () => {
    answerWithLocation('POST', '/api/v1/locations/l1/entries');
    show(makeLocation({ ...oakRidge, categories: ['mushrooms'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    expect(screen.getByLabelText<HTMLInputElement>('Date').value).toBe('2024-06-01');
    // The spot's categories decide which species are offered.
    expect(screen.queryByRole('checkbox', { name: 'mint' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'morel' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Abundance 4 of 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Frost' }));
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: ' Lots ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    await waitFor(() =>
      expect(t.server.callsTo('POST /api/v1/locations/l1/entries')).toHaveLength(1),
    );
    const body = t.server.callsTo('POST /api/v1/locations/l1/entries')[0]?.body;
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      date: '2024-06-01',
      species: ['morel'],
      finds: [{ species: 'morel', quantity: null, unit: null }],
      nothingFound: false,
      abundance: 4,
      weather: 'Frost',
      notes: 'Lots',
      photos: [],
    });
    await screen.findByRole('article');
    expect(screen.queryByRole('button', { name: 'Save entry' })).toBeNull();
  });

  it('offers abundance 0 to 5 only, and the date is required', () => {
    show(makeLocation(oakRidge));
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    const levels = screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(levels).toEqual(['0', '1', '2', '3', '4', '5']);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    expect(screen.getByText('Enter the date of the visit.')).toBeTruthy();
    expect(t.server.callsTo('POST /api/v1/locations/l1/entries')).toHaveLength(0);
  });

  it("shows the server's refusal and keeps the form", async () => {
    t.server.on('POST /api/v1/locations/l1/entries', () =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'date: invalid' } }, 400),
    );
    show(makeLocation(oakRidge));
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'keep me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    expect((await screen.findByRole('alert')).textContent).toBe('date: invalid');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Notes').value).toBe('keep me');
  });

  it('edits an entry in place and can remove one of its photos', async () => {
    answerWithLocation('PUT', '/api/v1/locations/l1/entries/e1');
    show(
      makeLocation({
        ...oakRidge,
        entries: [
          makeEntry({
            id: 'e1',
            date: '2024-05-20',
            notes: 'old',
            photos: [photoEntry('p1'), photoEntry('p2')],
          }),
        ],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Notes').value).toBe('old');
    fireEvent.click(screen.getByRole('button', { name: 'Remove p1' }));
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    await waitFor(() =>
      expect(t.server.callsTo('PUT /api/v1/locations/l1/entries/e1')).toHaveLength(1),
    );
    expect(t.server.callsTo('PUT /api/v1/locations/l1/entries/e1')[0]?.body).toMatchObject({
      date: '2024-05-20',
      notes: null,
      abundance: null,
      photos: [photoEntry('p2')],
    });
  });

  it('deletes an entry after a confirmation', async () => {
    t.server.on('DELETE /api/v1/locations/l1/entries/e1', () =>
      json({ location: makeLocation({ ...oakRidge, entries: [] }) }),
    );
    show(
      makeLocation({
        ...oakRidge,
        entries: [makeEntry({ id: 'e1', date: '2024-05-20', photos: [photoEntry('p1')] })],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('and its 1 photo? This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete entry' }));
    await screen.findByText('No visits yet — add your first entry.');
    // The store's answer renders first; the dialog closes once the delete call has returned.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
