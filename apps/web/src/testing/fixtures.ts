import type { Location } from '@fj/contract/locations';
import { makeEntry, makeLocation } from './factories.ts';

/** What GET /api/v1/preferences answers for the signed-in user of the store tests. */
export const serverPrefs = {
  id: 'user-1',
  name: '',
  email: '',
  customSpeciesCategories: ['mushrooms', 'herbs'],
  customSpecies: { mushrooms: ['morel'], herbs: ['mint'] },
  customTerrainTypes: ['forest', 'meadow'],
  customTreeTypes: ['oak', 'yew'],
  showTutorial: true,
};

/** The species lists the component tests start with. */
export const speciesCategories = {
  mushrooms: ['chanterelle', 'morel'],
  berries: ['blackberry'],
  herbs: ['mint'],
};

/** The spot the component tests open: `makeLocation({ ...oakRidge, entries })`. */
export const oakRidge = {
  id: 'l1',
  name: 'Oak ridge',
  position: { lat: 51.5, lng: -0.1 },
} satisfies Partial<Location>;

/** Three spots that differ in every field the list filters and sorts by. */
export const spots: Location[] = [
  makeLocation({
    id: 'a',
    name: 'Chanterelle ridge',
    description: 'Mossy slope under beeches',
    categories: ['mushrooms'],
    species: ['chanterelle'],
    terrainType: 'Hilly',
    favorite: true,
    createdAt: '2024-03-01T00:00:00.000Z',
    entries: [
      makeEntry({ locationId: 'a', date: '2024-08-10', species: [] }),
      makeEntry({ locationId: 'a', date: '2024-09-02', species: ['Porcini'] }),
    ],
  }),
  makeLocation({
    id: 'b',
    name: 'bramble lane',
    categories: ['berries', 'herbs'],
    species: ['blackberry'],
    terrainType: 'Flat',
    createdAt: '2024-05-01T00:00:00.000Z',
    entries: [makeEntry({ locationId: 'b', date: '2024-07-20', species: [] })],
  }),
  makeLocation({
    id: 'c',
    name: 'Alder marsh',
    description: 'Wild MINT by the ditch',
    categories: ['herbs'],
    terrainType: 'Marshy',
    createdAt: '2024-01-15T00:00:00.000Z',
  }),
];
