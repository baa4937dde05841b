import type { Location } from '@fj/contract/locations';
import { searchJournal } from '@fj/contract/search-match';
import { facetsOfQuery, paramsObject, searchQuerySchema } from '@fj/contract/search-params';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { spotRow, visitRow } from '../../src/db/search-index-rows.ts';
import type { TestApp, TestUser } from './test-app.ts';

/*
 * Checks of the search index (db/search-index.ts): that it is the index a build from scratch
 * would make, and that GET /search answers as the device's searchJournal over GET /locations.
 */

const byKey = <T>(rows: T[], key: (row: T) => string) =>
  rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

/** The index's rows equal those made afresh from every location and entry (FTS5 too). */
export async function expectIndexFresh(t: TestApp): Promise<void> {
  const db = t.app.db;
  const locations = await db.selectFrom('locations').selectAll().execute();
  const entries = await db.selectFrom('entries').selectAll().execute();
  const built = locations.map(spotRow);
  const textOf = new Map(built.map(({ spot }) => [spot.location_id, spot.text]));
  const newest = new Map<string, string>();
  for (const entry of entries) {
    const known = newest.get(entry.location_id);
    if (known === undefined || entry.date > known) newest.set(entry.location_id, entry.date);
  }
  const spots = await db
    .selectFrom('search_spots')
    .select(['location_id', 'user_id', 'text', 'terrain', 'access', 'kind', 'favorite'])
    .select(['lat', 'lng', 'newest_visit'])
    .execute();
  const expectedSpots = built.map(({ spot }) => ({
    ...spot,
    newest_visit: newest.get(spot.location_id) ?? null,
  }));
  const id = (row: { location_id: string }) => row.location_id;
  expect(
    byKey(
      spots.map((s) => ({ ...s, favorite: Number(s.favorite) })),
      id,
    ),
  ).toEqual(byKey(expectedSpots, id));
  const label = (row: { location_id: string; kind: string; key: string }) =>
    `${row.location_id}\n${row.kind}\n${row.key}`;
  const labels = await db.selectFrom('search_labels').selectAll().execute();
  expect(byKey(labels, label)).toEqual(
    byKey(
      built.flatMap((b) => b.labels),
      label,
    ),
  );
  const visits = await db
    .selectFrom('search_visits')
    .select(['entry_id', 'user_id', 'location_id', 'date', 'month', 'text', 'doc'])
    .execute();
  const expectedVisits = entries.map((entry) =>
    visitRow(entry, textOf.get(entry.location_id) ?? '\u0000 no spot'),
  );
  const entryId = (row: { entry_id: string }) => row.entry_id;
  expect(byKey(visits, entryId)).toEqual(byKey(expectedVisits, entryId));
  if (t.app.dialect === 'sqlite') await expectFtsFresh(t);
}

/** Each FTS5 table holds exactly its rows, each findable by its whole text. */
async function expectFtsFresh(t: TestApp): Promise<void> {
  for (const [table, column] of [
    ['search_spots', 'text'],
    ['search_visits', 'doc'],
  ] as const) {
    const fts = sql.table(`${table}_fts`);
    const { rows } = await sql<{ seq: number; content: string }>`select seq,
      ${sql.ref(column)} as content from ${sql.table(table)} order by seq`.execute(t.app.db);
    const indexed = await sql<{ rowid: number }>`select rowid from ${fts} order by rowid`.execute(
      t.app.db,
    );
    expect(indexed.rows.map((row) => row.rowid)).toEqual(rows.map((row) => row.seq));
    for (const row of rows.filter((r) => [...r.content].length >= 3)) {
      const phrase = `"${row.content.replaceAll('"', '""')}"`;
      const found = await sql<{ rowid: number }>`select rowid from ${fts}
        where ${fts} match ${phrase}`.execute(t.app.db);
      expect(
        found.rows.map((r) => r.rowid),
        `${table} ${row.seq}`,
      ).toContain(row.seq);
    }
  }
}

/** GET /search answers as searchJournal over GET /locations, for each of the queries. */
export async function expectSearchAsDevice(
  t: TestApp,
  who: TestUser,
  queries: readonly string[],
): Promise<void> {
  const list = (
    await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: who.auth })
  ).json<{ data: Location[] }>().data;
  const ids = (matches: { location: Location; entryIds: string[] }[]) =>
    matches.map((match) => [match.location.id, match.entryIds]);
  for (const query of queries) {
    const params = new URLSearchParams(query);
    params.set('limit', '1000');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/search?${params}`,
      headers: who.auth,
    });
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    const server = res.json<{ data: { location: Location; entryIds: string[] }[] }>().data;
    const device = searchJournal(
      list,
      facetsOfQuery(searchQuerySchema.parse(paramsObject(params))),
    );
    expect(ids(server), query).toEqual(ids(device));
  }
}
