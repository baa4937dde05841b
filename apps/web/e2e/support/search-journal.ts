import type { Page } from 'playwright-core';
import { api } from './seasons-journal.ts';

/**
 * A journal for the search e2e (docs/behaviour.md#search-page), written through the API with the
 * page's own session: three spots a few kilometres apart, their trees, and visits whose finds,
 * months and notes the query `chanterelle tree:oak month:jul-sep` tells apart.
 */
export const searchSpots = {
  oak: {
    name: 'Oak ridge',
    position: { lat: 50.12, lng: 8.64 },
    categories: ['mushrooms'],
    treeTypes: ['Oak'],
    terrainType: 'Hilly',
  },
  beech: {
    name: 'Beech hanger',
    position: { lat: 50.14, lng: 8.67 },
    categories: ['mushrooms'],
    treeTypes: ['Beech'],
    terrainType: 'Forest',
  },
  ash: {
    name: 'Ash dell',
    position: { lat: 50.11, lng: 8.69 },
    categories: ['mushrooms', 'herbs'],
    treeTypes: ['Ash', 'Oak'],
    terrainType: 'Riverbank',
    favorite: true,
  },
} as const;

type Spot = keyof typeof searchSpots;
type NewFind = { species: string; quantity?: number; unit?: 'count' | 'g' | 'kg' };

const visits: [Spot, string, NewFind[], string?][] = [
  [
    'oak',
    '2024-07-14',
    [{ species: 'chanterelle', quantity: 0.4, unit: 'kg' }],
    'Under the old oaks',
  ],
  ['oak', '2023-08-20', [{ species: 'Chanterelle' }], 'Cèpes nearby too'],
  ['oak', '2024-04-30', [{ species: 'morel', quantity: 6, unit: 'count' }]],
  ['beech', '2024-08-02', [{ species: 'chanterelle', quantity: 1, unit: 'kg' }], 'By the beeches'],
  ['ash', '2024-05-01', [{ species: 'morel', quantity: 12, unit: 'count' }], 'CÈPE? no, morels'],
];

/** Writes the journal; answers the spots' ids. */
export async function writeSearchJournal(page: Page): Promise<Record<Spot, string>> {
  const ids = {} as Record<Spot, string>;
  for (const key of Object.keys(searchSpots) as Spot[]) {
    const answer = await api<{ id?: string; data?: { id?: string } }>(
      page,
      '/locations',
      searchSpots[key],
    );
    ids[key] = answer.id ?? answer.data?.id ?? '';
  }
  for (const [spot, date, finds, notes] of visits)
    await api(page, `/locations/${ids[spot]}/entries`, {
      date,
      finds,
      ...(notes ? { notes } : {}),
    });
  return ids;
}

export interface SearchAnswerIds {
  names: string[];
  entries: number;
}

/** GET /search as the page's user: the spots' names in order, and how many visits matched. */
export async function serverSearch(page: Page, query: string): Promise<SearchAnswerIds> {
  const answer = await api<{ data: { location: { name: string }; entryIds: string[] }[] }>(
    page,
    `/search?q=${encodeURIComponent(query)}`,
  );
  return {
    names: answer.data.map((hit) => hit.location.name),
    entries: answer.data.reduce((sum, hit) => sum + hit.entryIds.length, 0),
  };
}

/** Opens the Locations page's filter chips (folded at first on a phone). */
export async function showFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Filters' });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/** A filter chip of one group ("Category", "Tree", "Species found"…). */
export const filterChip = (page: Page, group: string, value: string) =>
  page.getByRole('group', { name: group }).getByRole('button', { name: value, exact: true });
