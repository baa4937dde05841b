import type { Location } from '@fj/contract/locations';
import { newestFirst, normalizeSearch, ranked } from '@fj/contract/search-match';
import { facetsOfQuery, type SearchQuery } from '@fj/contract/search-params';
import type { DialectName } from '../../db/dialect.ts';
import type { Db } from '../../db/executor.ts';
import { searchIndexRepository as index } from './index-repository.ts';
import { spotRow, visitRows } from './index-rows.ts';
import { searchRepository as repo, type VisitHit } from './repository.ts';

/** What the search needs of the locations module: whole locations, in the order asked. */
export interface WholeLocations {
  wholeOf(userId: string, ids: readonly string[]): Promise<Location[]>;
}

export interface SearchServiceDeps {
  db: Db;
  dialect: DialectName;
  locations: WholeLocations;
}

/** Locations refreshed per transaction: short, so writes waiting on them wait little. */
const refreshBatch = 100;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

export function createSearchService({ db, dialect, locations }: SearchServiceDeps) {
  /**
   * Brings the user's index up to the journal's revision: every write of a location or entry
   * (import and restore included) stamps the location with a new revision, so the locations
   * changed since the last refresh are all it rewrites; deletions cascade.
   */
  async function refreshOnce(userId: string): Promise<void> {
    const [indexed, current] = await Promise.all([
      index.indexedRevision(db, userId),
      index.journalRevision(db, userId),
    ]);
    if (indexed === current) return;
    const since = indexed > current ? -1 : indexed;
    const ids = await index.changedLocationIds(db, userId, since);
    for (let start = 0; start < ids.length; start += refreshBatch) {
      const part = ids.slice(start, start + refreshBatch);
      await db.transaction().execute(async (trx) => {
        const read = await index.locationsAndEntries(trx, dialect, userId, part);
        const entriesOf = groupBy(read.entries, (entry) => entry.location_id);
        const visits = read.entries.map(visitRows);
        await index.replace(trx, userId, part, {
          spots: read.locations.map((row) => spotRow(row, entriesOf.get(row.id) ?? [])),
          visits: visits.map((rows) => rows.visit),
          finds: visits.flatMap((rows) => rows.finds),
        });
      });
      // SQLite's statements run synchronously: a large refresh lets requests in between.
      await nextTurn();
    }
    await index.setIndexedRevision(db, userId, current);
  }

  const running = new Map<string, Promise<void>>();
  /** One refresh per user at a time in this process; a failed one (a race) is tried again. */
  async function refresh(userId: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const underWay = running.get(userId);
      if (underWay) await underWay.catch(() => undefined);
      const mine = refreshOnce(userId);
      running.set(userId, mine);
      try {
        await mine;
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      } finally {
        if (running.get(userId) === mine) running.delete(userId);
      }
    }
  }

  return {
    refresh,
    /** GET /search: the page of matches, and how many there are in all. */
    async search(
      userId: string,
      query: SearchQuery,
    ): Promise<{ data: { location: Location; entryIds: string[] }[]; total: number }> {
      const search = normalizeSearch(facetsOfQuery(query));
      await refresh(userId);
      const [spots, visits] = await Promise.all([
        repo.spots(db, dialect, userId, search),
        repo.visits(db, dialect, userId, search),
      ]);
      const visitsOf = groupBy(visits, (visit: VisitHit) => visit.location_id);
      const matches = [];
      for (const spot of spots) {
        if (!search.visitFacets && spot.satisfied === 1) {
          const newest = spot.newest_visit ?? undefined;
          matches.push({ location: spot.location_id, entryIds: [], newest, id: spot.location_id });
          continue;
        }
        const found = (visitsOf.get(spot.location_id) ?? [])
          .map((visit) => ({ id: visit.entry_id, date: visit.date }))
          .sort(newestFirst);
        if (found.length === 0) continue;
        const entryIds = found.map((visit) => visit.id);
        matches.push({
          location: spot.location_id,
          entryIds,
          newest: found[0]?.date,
          id: spot.location_id,
        });
      }
      const order = ranked(matches);
      const page = order.slice(query.offset, query.offset + query.limit);
      const whole = await locations.wholeOf(
        userId,
        page.map((match) => match.location),
      );
      const byId = new Map(whole.map((location) => [location.id, location]));
      const data = page.flatMap((match) => {
        const location = byId.get(match.location);
        return location ? [{ location, entryIds: match.entryIds }] : [];
      });
      return { data, total: order.length };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
