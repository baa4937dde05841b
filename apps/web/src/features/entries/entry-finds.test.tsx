import type { Entry } from '@fj/contract/entries';
import type { Location } from '@fj/contract/locations';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEntry, makeLocation } from '../../testing/factories.ts';
import { oakRidge } from '../../testing/fixtures.ts';
import { json } from '../../testing/fake-fetch.ts';
import { setUpJournalTests } from '../../testing/journal-kit.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import { EntryTimeline } from './entry-timeline.tsx';
import { findsFromDrafts, parseQuantity } from './finds-draft.ts';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const t = setUpJournalTests();

function show(location: Location) {
  useJournalStore.setState({ locations: [location] });
  render(<EntryTimeline location={location} />);
}

function answerEcho() {
  t.server.on('POST /api/v1/locations/l1/entries', (call) => {
    const body = call.body as Partial<Entry>;
    const entry = makeEntry({
      id: String(body.id),
      date: String(body.date),
      species: body.species,
      finds: body.finds,
      nothingFound: body.nothingFound,
    });
    return json({ location: makeLocation({ ...oakRidge, entries: [entry] }) }, 201);
  });
}

const sent = () => t.server.callsTo('POST /api/v1/locations/l1/entries')[0]?.body;

describe('finds on an entry', () => {
  it('sends a quantity and unit per species, and the card shows them', async () => {
    answerEcho();
    show(makeLocation({ ...oakRidge, categories: ['mushrooms'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'chanterelle' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'morel' }));
    fireEvent.change(screen.getByLabelText('Quantity of chanterelle'), {
      target: { value: '1,2' },
    });
    fireEvent.change(screen.getByLabelText('Unit of chanterelle'), { target: { value: 'kg' } });
    fireEvent.change(screen.getByLabelText('Quantity of morel'), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    await waitFor(() => expect(sent()).toBeDefined());
    expect(sent()).toMatchObject({
      species: ['chanterelle', 'morel'],
      finds: [
        { species: 'chanterelle', quantity: 1.2, unit: 'kg' },
        { species: 'morel', quantity: 14, unit: 'count' },
      ],
      nothingFound: false,
    });
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('list', { name: 'Species found' }).textContent).toBe(
      'chanterelle 1.2 kg, morel 14',
    );
  });

  it('refuses a quantity with more than 3 decimals, naming the species', () => {
    show(makeLocation({ ...oakRidge, categories: ['mushrooms'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'morel' }));
    fireEvent.change(screen.getByLabelText('Quantity of morel'), { target: { value: '0.1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    expect(
      screen.getByText('Quantity of morel: a number from 0, with at most 3 decimals.'),
    ).toBeTruthy();
    expect(t.server.callsTo('POST /api/v1/locations/l1/entries')).toHaveLength(0);
  });

  it('"Found nothing" clears and disables the species and sends an empty visit', async () => {
    answerEcho();
    show(makeLocation({ ...oakRidge, categories: ['mushrooms'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'morel' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Found nothing' }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'morel' }).checked).toBe(false);
    expect(screen.getByRole('group', { name: 'Species found' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    await waitFor(() => expect(sent()).toBeDefined());
    expect(sent()).toMatchObject({ species: [], finds: [], nothingFound: true });
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Found nothing')).toBeTruthy();
  });

  it('an entry written before finds shows its species without quantities', () => {
    show(
      makeLocation({
        ...oakRidge,
        entries: [makeEntry({ id: 'e1', date: '2024-05-20', species: ['morel', 'oyster'] })],
      }),
    );
    expect(screen.getByRole('list', { name: 'Species found' }).textContent).toBe('morel, oyster');
  });
});

describe('quantities as typed', () => {
  it('reads blanks, commas and bounds', () => {
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity(' 1,25 ')).toBe(1.25);
    expect(parseQuantity('0')).toBe(0);
    expect(parseQuantity('-1')).toBe('invalid');
    expect(parseQuantity('1e3')).toBe('invalid');
    expect(parseQuantity('1000000001')).toBe('invalid');
    expect(findsFromDrafts(['a'], { a: { quantity: '', unit: 'kg' } })).toEqual({
      finds: [{ species: 'a', quantity: null, unit: null }],
    });
  });
});
