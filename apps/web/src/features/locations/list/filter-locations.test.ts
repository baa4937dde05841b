import { describe, expect, it } from 'vitest';
import { filterLocations, isFiltered, noFilters, speciesOf } from './filter-locations.ts';
import { filterOptions } from './filter-options.ts';
import { spots } from '../../../testing/fixtures.ts';

const ids = (patch: Partial<typeof noFilters>) =>
  filterLocations(spots, { ...noFilters, ...patch }).map((location) => location.id);

describe('filterLocations', () => {
  it('keeps everything without filters', () => {
    expect(ids({})).toEqual(['a', 'b', 'c']);
    expect(isFiltered(noFilters)).toBe(false);
    expect(isFiltered({ ...noFilters, query: '   ' })).toBe(false);
  });

  it('searches the name, ignoring case and spaces', () => {
    expect(ids({ query: '  BRAMBLE ' })).toEqual(['b']);
  });

  it('searches the description', () => {
    expect(ids({ query: 'mint' })).toEqual(['c']);
    expect(ids({ query: 'beeches' })).toEqual(['a']);
  });

  it("searches the spot's species and those found in its entries", () => {
    expect(ids({ query: 'blackberry' })).toEqual(['b']);
    expect(ids({ query: 'porc' })).toEqual(['a']);
  });

  it('filters by category, any of the spot’s categories', () => {
    expect(ids({ category: 'herbs' })).toEqual(['b', 'c']);
    expect(ids({ category: 'Mushrooms' })).toEqual(['a']);
  });

  it('filters by species, exact name in any case', () => {
    expect(ids({ species: 'porcini' })).toEqual(['a']);
    expect(ids({ species: 'black' })).toEqual([]);
  });

  it('filters by terrain type', () => {
    expect(ids({ terrain: 'marshy' })).toEqual(['c']);
  });

  it('keeps favourites only', () => {
    expect(ids({ favoritesOnly: true })).toEqual(['a']);
  });

  it('combines every filter', () => {
    expect(ids({ category: 'herbs', terrain: 'Flat' })).toEqual(['b']);
    expect(ids({ category: 'herbs', query: 'marsh' })).toEqual(['c']);
    expect(ids({ category: 'herbs', favoritesOnly: true })).toEqual([]);
    expect(ids({ query: 'ridge', species: 'chanterelle', favoritesOnly: true })).toEqual(['a']);
    expect(isFiltered({ ...noFilters, favoritesOnly: true })).toBe(true);
  });
});

describe('speciesOf and filterOptions', () => {
  it('lists the species of the spot, then those found', () => {
    expect(spots.map(speciesOf)[0]).toEqual(['chanterelle', 'Porcini']);
  });

  it('offers each value once, sorted', () => {
    expect(filterOptions(spots)).toEqual({
      categories: ['berries', 'herbs', 'mushrooms'],
      species: ['blackberry', 'chanterelle', 'Porcini'],
      terrains: ['Flat', 'Hilly', 'Marshy'],
    });
  });
});
