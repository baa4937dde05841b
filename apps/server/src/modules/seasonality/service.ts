import type { SeasonalityQuery, SeasonSummary, SpeciesSeason } from '@fj/contract/seasonality';
import { seasonSummaries, speciesSeason, type SeasonVisit } from '@fj/contract/seasons';
import { speciesKey } from '@fj/contract/text-fold';
import type { Db } from '../../db/executor.ts';
import type { EntryDetails } from '../../lib/entry-details.ts';
import {
  seasonalityRepository as repository,
  type JournalVisitRow,
  type SpeciesVisitRow,
} from './repository.ts';

/** The find of a visit that found the species, its quantity exact from the details. */
function findOf(row: SpeciesVisitRow, key: string): SeasonVisit['finds'] {
  if (row.species === null) return [];
  const { finds = [] } = JSON.parse(row.details ?? '{}') as EntryDetails;
  const stored = finds.find((find) => speciesKey(find.species) === key);
  return [{ species: row.species, quantity: stored?.quantity ?? null, unit: stored?.unit ?? null }];
}

/** Rows of one entry are not always next to each other: grouped by entry id. */
function visitsOfRows(rows: readonly JournalVisitRow[]): SeasonVisit[] {
  const byEntry = new Map<
    string,
    { locationId: string; date: string; finds: { species: string }[] }
  >();
  for (const row of rows) {
    let visit = byEntry.get(row.id);
    if (!visit)
      byEntry.set(row.id, (visit = { locationId: row.location_id, date: row.date, finds: [] }));
    if (row.species !== null) visit.finds.push({ species: row.species });
  }
  return [...byEntry.values()];
}

/**
 * GET /seasonality (docs/behaviour.md#seasons): the user's visits read by SQL, the numbers by
 * the contract's seasons.ts, the same computation the device runs on its copy.
 */
export function createSeasonalityService(db: Db) {
  return {
    async species(
      userId: string,
      query: SeasonalityQuery & { species: string },
    ): Promise<SpeciesSeason> {
      const key = speciesKey(query.species);
      const rows = await repository.speciesVisits(db, userId, key, query.locationId);
      const visits = rows.map((row) => ({
        locationId: row.location_id,
        date: row.date,
        finds: findOf(row, key),
      }));
      return speciesSeason(visits, query.species, {
        ...(query.locationId !== undefined ? { locationId: query.locationId } : {}),
        ...(query.from !== undefined ? { from: query.from } : {}),
        ...(query.to !== undefined ? { to: query.to } : {}),
      });
    },
    async all(userId: string): Promise<SeasonSummary[]> {
      return seasonSummaries(visitsOfRows(await repository.journalVisits(db, userId)));
    },
  };
}

export type SeasonalityService = ReturnType<typeof createSeasonalityService>;
