import type { Entry } from '@fj/contract/entries';
import type { Location } from '@fj/contract/locations';
import { makeLocation } from '../../../store/store-test-kit.ts';

/** An entry on `date` at `locationId`, for the list tests. */
export function makeEntry(locationId: string, date: string, species: string[] = []): Entry {
  return {
    id: `${locationId}-${date}`,
    locationId,
    date,
    species,
    photos: [],
    createdAt: `${date}T10:00:00.000Z`,
    updatedAt: `${date}T10:00:00.000Z`,
  };
}

export const spots: Location[] = [
  makeLocation('a', {
    name: 'Chanterelle ridge',
    description: 'Mossy slope under beeches',
    categories: ['mushrooms'],
    species: ['chanterelle'],
    terrainType: 'Hilly',
    favorite: true,
    createdAt: '2024-03-01T00:00:00.000Z',
    entries: [makeEntry('a', '2024-08-10'), makeEntry('a', '2024-09-02', ['Porcini'])],
  }),
  makeLocation('b', {
    name: 'bramble lane',
    categories: ['berries', 'herbs'],
    species: ['blackberry'],
    terrainType: 'Flat',
    createdAt: '2024-05-01T00:00:00.000Z',
    entries: [makeEntry('b', '2024-07-20')],
  }),
  makeLocation('c', {
    name: 'Alder marsh',
    description: 'Wild MINT by the ditch',
    categories: ['herbs'],
    terrainType: 'Marshy',
    createdAt: '2024-01-15T00:00:00.000Z',
  }),
];
