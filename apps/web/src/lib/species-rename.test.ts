import { describe, expect, it } from 'vitest';
import { makeEntry, makeLocation } from '../testing/factories.ts';
import {
  renameInCategories,
  renameInFinds,
  renameInLocations,
  renameInNames,
  speciesInUse,
} from './species-rename.ts';

const girolle = { from: 'Girolle', to: 'Chanterelle' };

describe('renaming a species on the device', () => {
  it('renames a find, matching the name however it is written', () => {
    expect(renameInFinds([{ species: 'GIROLLE', quantity: 2, unit: 'kg' }], girolle)).toEqual([
      { species: 'Chanterelle', quantity: 2, unit: 'kg' },
    ]);
  });

  it('merges into an existing find: same units add up, a missing quantity is taken', () => {
    expect(
      renameInFinds(
        [
          { species: 'Chanterelle', quantity: 0.1, unit: 'kg' },
          { species: 'Girolle', quantity: 0.2, unit: 'kg' },
        ],
        girolle,
      ),
    ).toEqual([{ species: 'Chanterelle', quantity: 0.3, unit: 'kg' }]);
    expect(
      renameInFinds(
        [
          { species: 'Chanterelle', quantity: null, unit: null },
          { species: 'Girolle', quantity: 14, unit: 'count' },
        ],
        girolle,
      ),
    ).toEqual([{ species: 'Chanterelle', quantity: 14, unit: 'count' }]);
    expect(
      renameInFinds(
        [
          { species: 'Chanterelle', quantity: 1, unit: 'kg' },
          { species: 'Girolle', quantity: 14, unit: 'count' },
        ],
        girolle,
      ),
    ).toEqual([{ species: 'Chanterelle', quantity: 1, unit: 'kg' }]);
  });

  it('keeps each name once in lists, and leaves untouched spots as they are', () => {
    expect(renameInNames(['Chanterelle', 'Morel', 'girolle'], girolle)).toEqual([
      'Chanterelle',
      'Morel',
    ]);
    expect(renameInCategories({ mushrooms: ['Girolle', 'Morel'] }, girolle)).toEqual({
      mushrooms: ['Chanterelle', 'Morel'],
    });
    const untouched = makeLocation({ id: 'l2', species: ['Morel'] });
    const old = makeEntry({ species: ['Girolle', 'Morel'] });
    const [renamed, same] = renameInLocations(
      [makeLocation({ species: ['Girolle'], entries: [old] }), untouched],
      girolle,
    );
    expect(same).toBe(untouched);
    expect(renamed?.species).toEqual(['Chanterelle']);
    expect(renamed?.entries[0]).toMatchObject({
      species: ['Chanterelle', 'Morel'],
      finds: [
        { species: 'Chanterelle', quantity: null, unit: null },
        { species: 'Morel', quantity: null, unit: null },
      ],
    });
  });

  it('lists every species in use once, by name', () => {
    const spots = [
      makeLocation({
        species: ['Morel'],
        entries: [makeEntry({ finds: [{ species: 'Girolle', quantity: 1, unit: 'kg' }] })],
      }),
    ];
    expect(speciesInUse(spots, { mushrooms: ['morel', 'Cep'] })).toEqual([
      'Cep',
      'Girolle',
      'Morel',
    ]);
  });
});
