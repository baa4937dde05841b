import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { makeEntry, makeLocation, photoEntry } from '../../testing/factories.ts';
import { oakRidge, serverPrefs } from '../../testing/fixtures.ts';
import { json } from '../../testing/fake-fetch.ts';
import { setUpJournalTests } from '../../testing/journal-kit.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import { EntryForm } from './entry-form.tsx';
import { calendarDay, dateFromPhotos } from './photo-date.ts';
import { recordedSpecies, speciesOptionsFor } from './species-options.ts';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const t = setUpJournalTests();

const here = makeLocation({
  ...oakRidge,
  categories: ['mushrooms'],
  entries: [
    makeEntry({
      id: 'e1',
      date: '2024-05-01',
      finds: [{ species: 'morel', quantity: null, unit: null }],
    }),
  ],
});
const elsewhere = makeLocation({
  id: 'l2',
  name: 'Birch wood',
  entries: ['2023-09-01', '2023-09-08'].map((date, index) =>
    makeEntry({
      id: `e${index + 2}`,
      date,
      finds: [{ species: 'Porcini', quantity: null, unit: null }],
    }),
  ),
});

function renderForm() {
  useJournalStore.setState({ locations: [here, elsewhere] });
  render(<EntryForm location={here} onSaved={() => undefined} onCancel={() => undefined} />);
}

const chips = () =>
  within(screen.getByRole('group', { name: 'Species found' }))
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent);

/** A JPEG the camera dated, its EXIF written here. */
async function photoTaken(when: string): Promise<File> {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#385' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Test' }, IFD2: { DateTimeOriginal: when } })
    .toBuffer();
  return new File([new Uint8Array(bytes)], 'walk.jpg', { type: 'image/jpeg' });
}

describe('species on the entry form', () => {
  it('orders the species recorded before first: at this spot, then elsewhere, then the rest', () => {
    expect(recordedSpecies([here, elsewhere], here.id)).toEqual(['morel', 'Porcini']);
    expect(
      speciesOptionsFor(
        here,
        { mushrooms: ['chanterelle', 'morel', 'porcini'] },
        [],
        ['morel', 'Porcini'],
      ),
    ).toEqual(['morel', 'Porcini', 'chanterelle']);
    renderForm();
    expect(chips()).toEqual(['morel', 'Porcini', 'chanterelle']);
  });

  it('adds a new species from the form into the preference lists, ticked on the entry', async () => {
    t.server.on('PUT /api/v1/preferences/species/mushrooms', () => json({ data: serverPrefs }));
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add another species' }));
    const name = screen.getByLabelText('New species');
    expect(document.activeElement).toBe(name);
    expect((screen.getByLabelText('in the list') as HTMLSelectElement).value).toBe('mushrooms');
    fireEvent.change(name, { target: { value: ' hedgehog ' } });
    // Enter adds; it does not save the entry around it.
    fireEvent.keyDown(name, { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'hedgehog' }).checked).toBe(
        true,
      ),
    );
    const sent = t.server.callsTo('PUT /api/v1/preferences/species/mushrooms')[0]?.body as {
      species: string[];
    };
    expect(sent.species).toContain('hedgehog');
    expect(useJournalStore.getState().speciesCategories.mushrooms).toContain('hedgehog');
    expect(t.server.callsTo('POST /api/v1/locations/l1/entries')).toHaveLength(0);
    // A name already offered is ticked, not added twice.
    fireEvent.change(name, { target: { value: 'PORCINI' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Porcini' }).checked).toBe(
        true,
      ),
    );
    expect(t.server.callsTo('PUT /api/v1/preferences/species/mushrooms')).toHaveLength(1);
  });
});

describe("the entry's date from a photo", () => {
  it('reads calendar days and keeps only a day before today, the earliest', () => {
    expect(calendarDay('2025:09:14 16:20:00')).toBe('2025-09-14');
    expect(calendarDay('2025:02:30 10:00:00')).toBeNull();
    expect(calendarDay('0000:00:00 00:00:00')).toBeNull();
    expect(dateFromPhotos(['2024-05-20', null, '2024-05-03'], '2024-06-01')).toBe('2024-05-03');
    expect(dateFromPhotos(['2024-06-01', '2024-07-01'], '2024-06-01')).toBeNull();
  });

  it("dates a new entry from its photo's EXIF DateTimeOriginal, saying so", async () => {
    t.server.on('POST /api/v1/locations/l1/entries', () =>
      json({ location: makeLocation({ ...oakRidge }) }, 201),
    );
    renderForm();
    const date = screen.getByLabelText<HTMLInputElement>('Date');
    expect(document.activeElement).toBe(date);
    expect(date.value).toBe('2024-06-01');
    const file = await photoTaken('2024:05:19 07:45:10');
    fireEvent.change(screen.getByLabelText('Add photos'), { target: { files: [file] } });
    await waitFor(() => expect(date.value).toBe('2024-05-19'));
    expect(screen.getByRole('status', { name: '' }).textContent).toMatch(
      /Dated from your photo, taken/,
    );
    await waitFor(() => expect(t.uploads).toHaveLength(1));
    act(() => t.uploads[0]?.respond(201, photoEntry('walk')));
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save entry' }).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    await waitFor(() =>
      expect(t.server.callsTo('POST /api/v1/locations/l1/entries')[0]?.body).toMatchObject({
        date: '2024-05-19',
      }),
    );
  });

  it('leaves a date chosen by hand, and a photo from today, alone', async () => {
    renderForm();
    const date = screen.getByLabelText<HTMLInputElement>('Date');
    fireEvent.change(screen.getByLabelText('Add photos'), {
      target: { files: [await photoTaken('2024:06:01 09:00:00')] },
    });
    await waitFor(() => expect(t.uploads).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(date.value).toBe('2024-06-01');
    fireEvent.change(date, { target: { value: '2024-05-30' } });
    fireEvent.change(screen.getByLabelText('Add photos'), {
      target: { files: [await photoTaken('2023:10:02 09:00:00')] },
    });
    await waitFor(() => expect(t.uploads).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(date.value).toBe('2024-05-30');
  });
});
