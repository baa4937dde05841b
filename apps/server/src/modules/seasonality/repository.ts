import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/*
 * The numbers GET /seasonality gives (docs/behaviour.md#seasons), summed by SQL GROUP BYs: only
 * the window (the shortest arc of the year) is left to seasons.ts, from the distinct days. Read
 * with migration 0011's indexes: entry_finds by (user_id, species_key, location_id) for the
 * spots of a species, by (user_id, species_key, species, date) for every species' days and
 * spellings, entries by (user_id, location_id, date) for the visits at the spots. Every query is scoped by user_id. Counts come back as numbers (SQLite) or strings (PostgreSQL): Number().
 */

type Count = number | string | bigint;

/** Which finds of one species count: one location's alone, and dates within from-to. */
export interface SpeciesScope {
  userId: string;
  key: string;
  locationId?: string;
  /** The first and last year counted (both included), when asked. */
  from?: number;
  to?: number;
}

/** The spots of a species: where it was ever found (in any year), or that one location if so. */
function spotsOf(scope: SpeciesScope): RawBuilder<unknown> {
  const { userId, key, locationId } = scope;
  return locationId === undefined
    ? sql`e.location_id in (select location_id from entry_finds
        where user_id = ${userId} and species_key = ${key})`
    : sql`e.location_id = ${locationId} and exists (select 1 from entry_finds
        where user_id = ${userId} and species_key = ${key} and location_id = ${locationId})`;
}

/**
 * Dates ('YYYY-MM-DD') within the years asked, by text: 'YYYY' sorts before its year's dates and
 * 'YYYY-12-31' is the last, whatever the collation (a sentinel such as '~' is not).
 */
const inYears = (column: string, { from, to }: SpeciesScope) =>
  sql`${from === undefined ? sql`` : sql`and ${sql.ref(column)} >= ${String(from)}`}
    ${to === undefined ? sql`` : sql`and ${sql.ref(column)} <= ${`${to}-12-31`}`}`;

/** Its finds: one row per entry (entry_finds' key), within the location and years asked. */
const findsOf = (scope: SpeciesScope) =>
  sql`user_id = ${scope.userId} and species_key = ${scope.key} ${inYears('date', scope)}
    ${scope.locationId === undefined ? sql`` : sql`and location_id = ${scope.locationId}`}`;

export interface MonthVisitsRow {
  /** 'YYYY-MM' */
  month: string;
  visits: Count;
}

export interface MonthFindsRow {
  /** 'YYYY-MM' */
  month: string;
  species: string;
  unit: string | null;
  found: Count;
  /** The quantities of the finds with a quantity, in thousandths; null without one. */
  thousandths: Count | null;
  first: string;
  last: string;
}

/** One spelling of a species, over the whole journal. */
export interface SpellingDaysRow {
  species_key: string;
  species: string;
  found: Count;
  /** Its latest find's date. */
  last: string;
  /** The 'MM-DD' of each of its finds, comma-separated. */
  days: string;
}

export interface SpotVisitsRow {
  species_key: string;
  visits: Count;
}

export const seasonalityRepository = {
  /** Visits to the species' spots per year and month. */
  async monthVisits(db: Executor, scope: SpeciesScope): Promise<MonthVisitsRow[]> {
    const { rows } = await sql<MonthVisitsRow>`
      select substr(e.date, 1, 7) as month, count(*) as visits from entries e
      where e.user_id = ${scope.userId} and ${spotsOf(scope)}
        ${inYears('e.date', scope)}
      group by substr(e.date, 1, 7)`.execute(db);
    return rows;
  },
  /**
   * The species' finds per year and month, spelling and unit: how many, their quantities'
   * sum (exact: each find's in thousandths, an integer), the first and last date.
   */
  async monthFinds(db: Executor, scope: SpeciesScope): Promise<MonthFindsRow[]> {
    const { rows } = await sql<MonthFindsRow>`
      select substr(date, 1, 7) as month, species, unit, count(*) as found,
        sum(cast(round(quantity * 1000) as bigint)) as thousandths,
        min(date) as first, max(date) as last
      from entry_finds where ${findsOf(scope)}
      group by substr(date, 1, 7), species, unit`.execute(db);
    return rows;
  },
  /** The days of the year ('MM-DD') the species was found on: its window's. */
  async findDaysOf(db: Executor, scope: SpeciesScope): Promise<{ day: string }[]> {
    const { rows } = await sql<{ day: string }>`
      select distinct substr(date, 6, 5) as day from entry_finds where ${findsOf(scope)}`.execute(
      db,
    );
    return rows;
  },
  /**
   * Every species' finds per spelling, with the day of the year of each: one row per spelling
   * (a few hundred at most), the days folded into text, so 40,000 finds come back as 60 rows.
   * Read from the index (user_id, species_key, species, date) alone, in its order: no sort.
   */
  async spellingDays(db: Executor, userId: string): Promise<SpellingDaysRow[]> {
    const { rows } = await sql<SpellingDaysRow>`
      select species_key, species, count(*) as found, max(date) as last,
        string_agg(substr(date, 6, 5), ',') as days
      from entry_finds where user_id = ${userId}
      group by species_key, species`.execute(db);
    return rows;
  },
  /**
   * Every species' visits: the entries at each location where it was found, summed. Its
   * (species, location) pairs are nearly as many as the finds; ordered, PostgreSQL reads them
   * from the index in order instead of hashing them (with migration 0011's statistics).
   */
  async spotVisits(db: Executor, userId: string): Promise<SpotVisitsRow[]> {
    const { rows } = await sql<SpotVisitsRow>`
      select s.species_key, sum(v.visits) as visits
      from (select species_key, location_id from entry_finds where user_id = ${userId}
        group by species_key, location_id order by species_key, location_id) s
      join (select location_id, count(*) as visits from entries where user_id = ${userId}
        group by location_id) v on v.location_id = s.location_id
      group by s.species_key`.execute(db);
    return rows;
  },
};
