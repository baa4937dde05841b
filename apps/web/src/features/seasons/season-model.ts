import type { Location } from '@fj/contract/locations';
import type { SeasonSummary, SeasonWindow, SpeciesSeason } from '@fj/contract/seasonality';
import { inSeason, nextSeasonStart, seasonSummaries, speciesSeason } from '@fj/contract/seasons';
import { speciesFoundAt, visitsOf, type JournalVisit } from './journal-visits.ts';

/*
 * The pages' one way to the shared definitions (packages/contract/src/seasons.ts): the same
 * numbers as GET /api/v1/seasonality, computed from the device's copy, so they work offline.
 */

export type { JournalVisit };

/** Every species found, with the day its next season starts (today's date when it is on now). */
export interface SeasonRow extends SeasonSummary {
  now: boolean;
  nextStart: string | null;
}

/** The list of the Seasons page: in season now first, then by the next season to start. */
export function seasonRows(visits: readonly JournalVisit[], today: string): SeasonRow[] {
  return seasonSummaries(visits)
    .filter((summary) => summary.window !== null)
    .map((summary) => {
      const now = inSeason(summary.window, today);
      return { ...summary, now, nextStart: now ? today : nextSeasonStart(summary.window, today) };
    })
    .sort(
      (a, b) =>
        Number(b.now) - Number(a.now) ||
        (a.nextStart ?? '9999').localeCompare(b.nextStart ?? '9999') ||
        a.species.localeCompare(b.species),
    );
}

export const seasonOf = (visits: readonly JournalVisit[], species: string): SpeciesSeason =>
  speciesSeason(visits, species);

/** A spot's calendar: each species found there, from that spot's visits alone. */
export function spotSeasons(location: Location): SpeciesSeason[] {
  const visits = visitsOf([location]);
  return speciesFoundAt(location).map((species) => speciesSeason(visits, species));
}

export const holdsToday = (window: SeasonWindow, today: string) => inSeason(window, today);
