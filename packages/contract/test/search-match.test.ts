import { describe, expect, it } from 'vitest';
import type { Entry } from '../src/entries.ts';
import { findsOfSpecies } from '../src/finds.ts';
import type { Location } from '../src/locations.ts';
import { searchJournal } from '../src/search-match.ts';
import { parseQuery } from '../src/search-query.ts';
import type { SearchFacets } from '../src/search-facets.ts';

const stamp = '2024-01-01T00:00:00.000Z';
const entry = (id: string, date: string, fields: Partial<Entry> = {}): Entry => ({
  id,
  locationId: id[0] ?? '',
  date,
  photos: [],
  createdAt: stamp,
  updatedAt: stamp,
  ...fields,
  finds: fields.finds ?? findsOfSpecies(fields.species ?? []),
});
const spot = (id: string, fields: Partial<Location>, entries: Entry[] = []): Location => ({
  id,
  name: id,
  position: { lat: 50, lng: 5 },
  favorite: false,
  createdAt: stamp,
  updatedAt: stamp,
  entries,
  ...fields,
});

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ] as [number, number][],
  ],
};

const journal: Location[] = [
  spot(
    'a',
    { name: 'Old oak wood', treeTypes: ['Oak'], terrainType: 'Forest', categories: ['Fungi'] },
    [
      entry('a1', '2023-08-10', { finds: [{ species: 'Chanterelle', quantity: 2, unit: 'kg' }] }),
      entry('a2', '2024-05-01', { finds: [{ species: 'Morel' }], notes: 'Under the ÉCHELLE' }),
      entry('a3', '2024-12-20', { species: ['Chanterelle'] }),
    ],
  ),
  spot(
    'b',
    {
      name: 'Ash patch',
      treeTypes: ['ash', 'OAK'],
      area: square,
      favorite: true,
      access: { status: 'ask', note: 'Ring the Cèpe farm' },
      position: { lat: 10, lng: 179 },
    },
    [
      entry('b1', '2024-04-20', { finds: [{ species: 'Morel', quantity: 12, unit: 'count' }] }),
      entry('b2', '2022-09-01', { finds: [{ species: 'chanterelle', quantity: 500, unit: 'g' }] }),
    ],
  ),
  spot('c', { name: 'Meadow', description: 'c++ and 100% _odd_ \\ "quotes"' }),
];

const ids = (facets: SearchFacets) =>
  searchJournal(journal, facets).map(({ location, entryIds }) => [location.id, entryIds]);
const query = (q: string) => ids(parseQuery(q).facets);

describe('searchJournal', () => {
  it.each<[string, SearchFacets, unknown[]]>([
    [
      'nothing asked: every spot, newest visit first',
      {},
      [
        ['a', []],
        ['b', []],
        ['c', []],
      ],
    ],
    [
      'species, on visits',
      { species: ['chanterelle'] },
      [
        ['a', ['a3', 'a1']],
        ['b', ['b2']],
      ],
    ],
    [
      'tree, any of the labels',
      { tree: ['oak'] },
      [
        ['a', []],
        ['b', []],
      ],
    ],
    ['terrain', { terrain: ['forest'] }, [['a', []]]],
    ['category', { category: ['FUNGI'] }, [['a', []]]],
    [
      'months',
      { months: { from: 4, to: 5 } },
      [
        ['a', ['a2']],
        ['b', ['b1']],
      ],
    ],
    ['months that wrap', { months: { from: 11, to: 2 } }, [['a', ['a3']]]],
    ['year', { year: 2022 }, [['b', ['b2']]]],
    ['minQuantity with unit', { minQuantity: 10, unit: 'count' }, [['b', ['b1']]]],
    ['minQuantity of a species', { species: ['Morel'], minQuantity: 1 }, [['b', ['b1']]]],
    [
      'minQuantity, any unit',
      { minQuantity: 2 },
      [
        ['b', ['b1', 'b2']],
        ['a', ['a1']],
      ],
    ],
    ['access', { access: ['ask', 'closed'] }, [['b', []]]],
    ['kind patch', { kind: 'patch' }, [['b', []]]],
    [
      'kind point',
      { kind: 'point' },
      [
        ['a', []],
        ['c', []],
      ],
    ],
    ['favorite', { favorite: true }, [['b', []]]],
    [
      'not favorite',
      { favorite: false },
      [
        ['a', []],
        ['c', []],
      ],
    ],
    ['bbox across 180°', { bbox: [170, 0, -170, 20] }, [['b', []]]],
    [
      'bbox',
      { bbox: [4, 49, 6, 51] },
      [
        ['a', []],
        ['c', []],
      ],
    ],
    ['a word in a name: no visit needed', { text: ['ash'] }, [['b', []]]],
    ['a word in the notes, folded', { text: ['echelle'] }, [['a', ['a2']]]],
    ['a word in an access note, accents', { text: ['CEPE'] }, [['b', []]]],
    [
      'a word in the species found',
      { text: ['morel'] },
      [
        ['a', ['a2']],
        ['b', ['b1']],
      ],
    ],
    ['words split between spot and visit', { text: ['oak', 'morel'] }, [['a', ['a2']]]],
    [
      'excluded in the spot text',
      { exclude: ['ash'] },
      [
        ['a', []],
        ['c', []],
      ],
    ],
    ['excluded in a visit', { species: ['morel'], exclude: ['echelle'] }, [['b', ['b1']]]],
    ['hostile text is text', { text: ['c++', '100%', '_odd_', '\\', '"quotes"'] }, [['c', []]]],
    ['no match', { text: ['truffle'] }, []],
  ])('%s', (_, facets, expected) => {
    expect(ids(facets)).toEqual(expected);
  });

  it('answers the query box', () => {
    expect(query('chanterelle tree:oak month:jul-sep')).toEqual([
      ['a', ['a1']],
      ['b', ['b2']],
    ]);
    expect(query('species:morel is:favorite')).toEqual([['b', ['b1']]]);
    expect(query('cèpe')).toEqual([['b', []]]);
  });
});
