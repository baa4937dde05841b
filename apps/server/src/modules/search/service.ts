import type { Location } from '@fj/contract/locations';
import { newestFirst, normalizeSearch } from '@fj/contract/search-match';
import { facetsOfQuery, type SearchQuery } from '@fj/contract/search-params';
import type { DialectName } from '../../db/dialect.ts';
import type { Db } from '../../db/executor.ts';
import { planOf } from './plan.ts';
import { searchRepository as repo } from './repository.ts';

/** What the search needs of the locations module: whole locations, in the order asked. */
export interface WholeLocations {
  wholeOf(userId: string, ids: readonly string[]): Promise<Location[]>;
}

export interface SearchServiceDeps {
  db: Db;
  dialect: DialectName;
  locations: WholeLocations;
}

/**
 * GET /search over the index that every write keeps (db/search-index.ts): a search only reads.
 * The database orders and counts the matches and answers one page; the page's matching visits
 * and whole locations are read after it.
 */
export function createSearchService({ db, dialect, locations }: SearchServiceDeps) {
  return {
    /** GET /search: the page of matches, and how many there are in all. */
    async search(
      userId: string,
      query: SearchQuery,
    ): Promise<{ data: { location: Location; entryIds: string[] }[]; total: number }> {
      const plan = planOf(normalizeSearch(facetsOfQuery(query)));
      const page = await repo.rank(db, dialect, userId, plan, query);
      // A page past the end has no row to carry the count: ask for the first one.
      const counted =
        page[0] ??
        (query.offset > 0
          ? (await repo.rank(db, dialect, userId, plan, { limit: 1, offset: 0 }))[0]
          : undefined);
      const byVisits = page.filter((spot) => Number(spot.satisfied) === 0).map((spot) => spot.id);
      const [visits, whole] = await Promise.all([
        byVisits.length > 0 ? repo.visitsOf(db, dialect, userId, plan, byVisits) : [],
        locations.wholeOf(
          userId,
          page.map((spot) => spot.id),
        ),
      ]);
      const entryIds = new Map<string, { id: string; date: string }[]>();
      for (const visit of visits) {
        const list = entryIds.get(visit.location_id) ?? [];
        list.push({ id: visit.entry_id, date: visit.date });
        entryIds.set(visit.location_id, list);
      }
      const byId = new Map(whole.map((location) => [location.id, location]));
      const data = page.flatMap((spot) => {
        const location = byId.get(spot.id);
        const found = (entryIds.get(spot.id) ?? []).sort(newestFirst).map((visit) => visit.id);
        return location ? [{ location, entryIds: found }] : [];
      });
      return { data, total: Number(counted?.total ?? 0) };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
