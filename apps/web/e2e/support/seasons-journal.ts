import type { Page } from 'playwright-core';

/**
 * A journal written through the API with the page's own session, for the seasons e2e
 * (docs/behaviour.md#seasons). Two spots; dates two and one year before the tests' clock
 * (2026), and a species whose finds wrap over the new year.
 */
export const beechSlope = { lat: 50.12, lng: 8.64 };
export const oakRidge = { lat: 50.2, lng: 8.7 };

type NewFind = { species: string; quantity?: number; unit?: 'count' | 'g' | 'kg' | 'l' };

/** [spot, date, finds]; no finds is a visit that found nothing. */
const visits: ['beech' | 'oak', string, NewFind[]][] = [
  [
    'beech',
    '2024-07-10',
    [
      { species: 'chanterelle', quantity: 1.2, unit: 'kg' },
      { species: 'hedgehog', quantity: 14, unit: 'count' },
    ],
  ],
  ['beech', '2024-08-05', []],
  ['beech', '2025-07-20', [{ species: 'chanterelle', quantity: 0.5, unit: 'kg' }]],
  ['beech', '2025-09-02', [{ species: 'chanterelle' }]],
  ['beech', '2025-10-15', []],
  ['oak', '2025-08-01', [{ species: 'hedgehog', quantity: 3, unit: 'count' }]],
  ['oak', '2024-12-10', [{ species: 'velvet shank' }]],
  ['oak', '2025-01-05', [{ species: 'velvet shank' }]],
  ['oak', '2025-02-20', [{ species: 'velvet shank' }]],
];

/** GET or POST on /api/v1 as the page's user (cookie → ID token → bearer). */
export function api<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const { token } = (await (await fetch('/api/auth/token')).json()) as { token: string };
      const response = await fetch(`/api/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return (await response.json()) as T;
    },
    { path, body },
  );
}

/** Writes the journal above; answers the two spots' ids. */
export async function writeSeasonsJournal(page: Page): Promise<{ beech: string; oak: string }> {
  const spot = async (name: string, position: { lat: number; lng: number }) => {
    const answer = await api<{ id?: string; data?: { id?: string } }>(page, '/locations', {
      name,
      position,
      categories: ['mushrooms'],
    });
    return answer.id ?? answer.data?.id ?? '';
  };
  const ids = {
    beech: await spot('Beech slope', beechSlope),
    oak: await spot('Oak ridge', oakRidge),
  };
  for (const [where, date, finds] of visits)
    await api(
      page,
      `/locations/${ids[where]}/entries`,
      finds.length > 0 ? { date, finds } : { date, finds: [], nothingFound: true },
    );
  return ids;
}
