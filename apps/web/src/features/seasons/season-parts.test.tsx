import type { SpeciesSeason } from '@fj/contract/seasonality';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEntry, makeLocation } from '../../testing/factories.ts';
import { spotsOf, speciesFoundAt, visitsOf } from './journal-visits.ts';
import { foundShare, MonthChart, quantityText } from './month-chart.tsx';
import { anniversary, memoriesOn } from './on-this-day.ts';
import { SeasonStrip } from './season-strip.tsx';
import { stripDay, windowSpans, windowText } from './season-text.ts';
import { SpotCalendarTable } from './spot-calendar-table.tsx';

const emptyMonths = (): SpeciesSeason['months'] =>
  Array.from({ length: 12 }, (_, index) => ({
    month: index + 1,
    visits: 0,
    found: 0,
    quantity: {},
  }));

function season(overrides: Partial<SpeciesSeason>): SpeciesSeason {
  return {
    species: 'Chanterelle',
    visits: 0,
    found: 0,
    window: null,
    months: emptyMonths(),
    years: [],
    ...overrides,
  };
}

describe('the season strip', () => {
  it('places days on a 366-day year and splits a window that wraps over the new year', () => {
    expect(stripDay('01-01')).toBe(0);
    expect(stripDay('03-01')).toBe(60);
    expect(stripDay('12-31')).toBe(365);
    expect(windowSpans({ from: '07-10', to: '10-02' })).toEqual([{ start: 191, end: 276 }]);
    expect(windowSpans({ from: '12-10', to: '02-20' })).toEqual([
      { start: 344, end: 366 },
      { start: 0, end: 51 },
    ]);
    expect(windowText({ from: '12-10', to: '02-20' })).toBe('Dec 10 – Feb 20');
    expect(windowText({ from: '09-01', to: '09-01' })).toBe('Sep 1');
  });

  it('draws two segments for a wrapping window, named by its dates', () => {
    render(<SeasonStrip window={{ from: '12-10', to: '02-20' }} today="01-15" />);
    const strip = screen.getByRole('img', { name: 'Season: Dec 10 – Feb 20' });
    expect(strip.querySelectorAll('.strip-window')).toHaveLength(2);
    expect(strip.querySelector('.strip-today')?.getAttribute('x1')).toBe('14');
  });
});

describe('the month chart', () => {
  it('shows found/visits per month and the same numbers in its table', () => {
    const months = emptyMonths();
    months[6] = { month: 7, visits: 4, found: 3, quantity: { kg: 1.25, count: 14 } };
    months[8] = { month: 9, visits: 2, found: 0, quantity: {} };
    const { container } = render(<MonthChart months={months} species="Chanterelle" />);
    const counts = [...container.querySelectorAll('.chart-count')].map((node) => node.textContent);
    expect(counts).toEqual(['3/4', '0/2']);
    expect(container.querySelectorAll('.chart-found')).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'Chanterelle by month' });
    const july = within(table).getByRole('row', { name: /^Jul/ });
    expect(
      within(july)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '3', '14, 1.25 kg']);
    expect(foundShare({ visits: 0, found: 0 })).toBe(0);
    expect(quantityText({ g: 500, l: 2 })).toBe('500 g, 2 l');
  });
});

describe('a spot calendar', () => {
  it('marks the months each species was found, with its window', () => {
    const months = emptyMonths();
    months[0] = { month: 1, visits: 2, found: 1, quantity: {} };
    months[11] = { month: 12, visits: 1, found: 1, quantity: {} };
    render(
      <SpotCalendarTable
        seasons={[
          season({ species: 'Velvet shank', months, window: { from: '12-20', to: '01-05' } }),
        ]}
      />,
    );
    const row = screen.getByRole('row', { name: /^Velvet shank/ });
    expect(within(row).getByRole('cell', { name: 'Jan: found 1 of 2 visits' }).textContent).toBe(
      '1',
    );
    expect(within(row).getByRole('cell', { name: 'Feb: no visits' }).textContent).toBe('');
    expect(within(row).getByText('Dec 20 – Jan 5')).toBeTruthy();
  });
});

describe('visits from the journal', () => {
  const beech = makeLocation({
    id: 'beech',
    name: 'Beech slope',
    entries: [
      makeEntry({
        id: 'a',
        locationId: 'beech',
        date: '2023-07-12',
        finds: [{ species: 'Chanterelle', quantity: 1.2, unit: 'kg' }],
      }),
      makeEntry({
        id: 'b',
        locationId: 'beech',
        date: '2024-07-01',
        finds: [],
        nothingFound: true,
      }),
      makeEntry({ id: 'c', locationId: 'beech', date: '2024-08-03', species: ['chanterelle'] }),
    ],
  });

  it('makes every entry a visit, an empty one too, and finds the spots of a species', () => {
    expect(visitsOf([beech]).map((visit) => [visit.entryId, visit.finds.length])).toEqual([
      ['a', 1],
      ['b', 0],
      ['c', 1],
    ]);
    expect(spotsOf([beech], 'CHANTERELLE')).toMatchObject([{ found: 2, lastFound: '2024-08-03' }]);
    expect(speciesFoundAt(beech)).toEqual(['Chanterelle']);
  });

  it('remembers finds of earlier years within 3 days of today, closest first', () => {
    expect(anniversary('2023-07-12', '2024-07-12')).toEqual({ years: 1, offset: 0 });
    expect(anniversary('2022-07-15', '2024-07-12')).toEqual({ years: 2, offset: 3 });
    expect(anniversary('2022-07-16', '2024-07-12')).toBeNull();
    expect(anniversary('2024-07-12', '2024-07-12')).toBeNull();
    expect(anniversary('2022-12-30', '2024-01-02')).toEqual({ years: 1, offset: -3 });
    expect(anniversary('2020-02-29', '2023-02-28')).toEqual({ years: 3, offset: 0 });
    expect(memoriesOn([beech], '2024-07-12')).toEqual([
      {
        years: 1,
        sameDay: true,
        species: 'Chanterelle',
        locationId: 'beech',
        locationName: 'Beech slope',
        date: '2023-07-12',
      },
    ]);
  });
});
