import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Executor } from '../../db/executor.ts';
import type { SearchPlan } from './plan.ts';
import { dialectSql, type DialectSql } from './sql-parts.ts';

/*
 * The search's two reads over the index (db/search-index.ts), both of one user only: the page of
 * matching spots with their order and count, then the matching visits of that page. What they
 * decide is docs/behaviour.md#search, as packages/contract/src/search-match.ts computes it; a
 * word the trigram index does not decide exactly is checked with instr/strpos, so `%`, `_`,
 * `"`, `NEAR(` and `\` are text like any other. On SQLite, which keeps no statistics, the order
 * of reading is written out (CROSS JOIN keeps it; `user_id || ''` is no index).
 */

type Sql = RawBuilder<unknown>;
const all = (parts: Sql[]): Sql => sql.join(parts, sql` and `);

/** Where the visit's location, date and entry id come from. */
interface Visit {
  location: Sql;
  date: Sql;
  entry: Sql;
}
const fromVisits: Visit = {
  location: sql`v.location_id`,
  date: sql`v.date`,
  entry: sql`v.entry_id`,
};
const fromFinds: Visit = {
  location: sql`f.location_id`,
  date: sql`f.date`,
  entry: sql`f.entry_id`,
};

/** The spot's own facets, on `s`. */
function spotFacets(q: DialectSql, p: SearchPlan, userId: string): Sql[] {
  const labels = (kind: string, keys: string[]) =>
    sql`(${keys.length} = 0 or s.location_id in (select l.location_id from search_labels l
      where l.user_id = ${userId} and l.kind = ${kind} and l.key in ${q.values(keys)}))`;
  const box = p.bbox?.box ?? [0, 0, 0, 0];
  const wraps = p.bbox?.wraps ? 1 : 0;
  return [
    sql`(${p.terrain.length} = 0 or s.terrain in ${q.values(p.terrain)})`,
    labels('tree', p.trees),
    labels('category', p.categories),
    sql`(${p.access.length} = 0 or s.access in ${q.values(p.access)})`,
    sql`(${p.kind === null ? 0 : 1} = 0 or s.kind = ${p.kind ?? ''})`,
    sql`(${p.favorite === null ? 0 : 1} = 0 or s.favorite = ${p.favorite ?? 0})`,
    sql`(${p.bbox ? 1 : 0} = 0 or (s.lat >= ${box[1]} and s.lat <= ${box[3]} and (
      (${wraps} = 0 and s.lng >= ${box[0]} and s.lng <= ${box[2]}) or
      (${wraps} = 1 and (s.lng >= ${box[0]} or s.lng <= ${box[2]})))))`,
  ];
}

/** Every word in the spot's own text, and no excluded word. */
function spotText(q: DialectSql, p: SearchPlan): Sql[] {
  return [
    sql`(${p.words.length} = 0 or not exists (select 1 from ${q.rows(p.words, 'w')}
      where not (${q.has(sql`s.text`, sql`w.value`)})))`,
    sql`(${p.excluded.length} = 0 or not exists (select 1 from ${q.rows(p.excluded, 'x')}
      where ${q.has(sql`s.text`, sql`x.value`)}))`,
  ];
}

/**
 * The find conditions on `f`: species (unless the finds drive), and unit and quantity when asked
 * (else they are not named, so the finds' index, which holds neither, answers alone).
 */
function findFacets(q: DialectSql, p: SearchPlan, withSpecies: boolean): Sql[] {
  return [
    ...(withSpecies
      ? [sql`(${p.species.length} = 0 or f.species_key in ${q.values(p.species)})`]
      : []),
    ...(p.findValues
      ? [
          sql`(${p.unit === null ? 0 : 1} = 0 or f.unit = ${p.unit ?? ''})`,
          sql`(${p.minQuantity === null ? 0 : 1} = 0 or f.quantity >= ${p.minQuantity ?? 0})`,
        ]
      : []),
  ];
}

/**
 * The visit's conditions: year, months, finds (when they do not drive), and with the visit's
 * row `v` its words and excluded words. A word without the separator is in `v.doc` exactly
 * when it is in the spot's text or the visit's; one with it is looked for in each apart.
 * `matched`: the words' index has decided the words without the separator (sql-parts.ts).
 */
function visitFacets(
  q: DialectSql,
  p: SearchPlan,
  userId: string,
  at: Visit,
  row: boolean,
  matched = false,
) {
  const year = p.year ?? { from: '', to: '' };
  const where: Sql[] = [
    sql`(${p.year ? 1 : 0} = 0 or (${at.date} >= ${year.from} and ${at.date} <= ${year.to}))`,
    sql`(${p.monthCodes === '' ? 0 : 1} = 0 or ${q.has(sql`${p.monthCodes}`, sql`substr(${at.date}, 6, 2)`)})`,
  ];
  if (at === fromVisits) {
    const asked = p.species.length > 0 || p.unit !== null || p.minQuantity !== null;
    where.push(sql`(${asked ? 1 : 0} = 0 or exists (select 1 from entry_finds f
      where f.entry_id = ${at.entry} and (f.user_id || '') = ${userId}
        and ${all(findFacets(q, p, true))}))`);
  }
  if (!row) return where;
  const spotPart = sql`substr(v.doc, 1, length(v.doc) - length(v.text) - 1)`;
  const inEither = (word: Sql) => sql`(${q.has(spotPart, word)} or ${q.has(sql`v.text`, word)})`;
  return [
    ...where,
    ...(matched
      ? []
      : [
          sql`(${p.docWords.length} = 0 or not exists (select 1 from ${q.rows(p.docWords, 'w')}
            where not (${q.has(sql`v.doc`, sql`w.value`)})))`,
        ]),
    sql`(${p.splitWords.length} = 0 or not exists (select 1 from ${q.rows(p.splitWords, 'w')}
      where not ${inEither(sql`w.value`)}))`,
    sql`(${p.docExcluded.length} = 0 or not exists (select 1 from ${q.rows(p.docExcluded, 'x')}
      where ${q.has(sql`v.doc`, sql`x.value`)}))`,
    sql`(${p.splitExcluded.length} = 0 or not exists (select 1 from ${q.rows(p.splitExcluded, 'x')}
      where ${inEither(sql`x.value`)}))`,
  ];
}

/** The visits meeting the conditions, by location: the newest one's date. */
function visitsPart(q: DialectSql, p: SearchPlan, userId: string): Sql {
  const byFinds = p.driver === 'finds';
  const at = byFinds ? fromFinds : fromVisits;
  const row = !byFinds || p.visitRow;
  const from: Sql[] = [];
  const where: Sql[] = [];
  if (byFinds) {
    from.push(sql`${q.rows(p.species, 'sp')} cross join entry_finds f`);
    where.push(sql`f.user_id = ${userId} and f.species_key = sp.value`);
    where.push(...findFacets(q, p, false));
    if (row) from.push(sql`${q.join} search_visits v on v.entry_id = f.entry_id`);
  } else if (p.driver === 'text') {
    from.push(q.textDriven(p, 'search_visits', 'v', 'doc'));
  } else {
    from.push(sql`search_visits v`);
    if (p.driver === 'months') where.push(q.monthIn(sql`v.month`, p.months));
    if (p.driver === 'year') {
      where.push(sql`v.date >= ${p.year?.from ?? ''} and v.date <= ${p.year?.to ?? ''}`);
    }
  }
  if (row) where.push(sql`v.user_id = ${userId}`);
  if (p.spotFacets) {
    from.push(sql`${q.join} search_spots s on s.location_id = ${at.location}`);
    where.push(sql`s.user_id = ${userId}`, ...spotFacets(q, p, userId));
  }
  const matched = p.driver === 'text' && q.matchIsExact && p.docIndexed;
  where.push(...visitFacets(q, p, userId, at, row, matched));
  return sql`select ${at.location} as id, max(${at.date}) as newest, 0 as satisfied
    from ${sql.join(from, sql` `)} where ${all(where)} group by ${at.location}`;
}

/** The spots matching by themselves: their facets and text (and the words' index, if any). */
function spotsPart(q: DialectSql, p: SearchPlan, userId: string): Sql {
  const from =
    p.driver === 'text' ? q.textDriven(p, 'search_spots', 's', 'text') : sql`search_spots s`;
  const where = [sql`s.user_id = ${userId}`, ...spotFacets(q, p, userId), ...spotText(q, p)];
  return sql`select s.location_id as id, s.newest_visit as newest, 1 as satisfied
    from ${from} where ${all(where)}`;
}

export interface RankedSpot {
  id: string;
  newest: string | null;
  /** 1 when the spot matched by its own text: it then has no entryIds. */
  satisfied: number;
  /** How many spots match in all (PostgreSQL answers a string). */
  total: number | string;
}

export interface VisitHit {
  location_id: string;
  entry_id: string;
  date: string;
}

type Page = { limit: number; offset: number };

/** The statements, unrun: their text depends on the plan's flags alone (test/search-index.test.ts). */
export const searchStatements = {
  rank(dialect: DialectName, userId: string, p: SearchPlan, page: Page) {
    const q = dialectSql(dialect);
    const parts = [
      ...(p.driver === 'spots' ? [] : [visitsPart(q, p, userId)]),
      ...(p.driver === 'spots' || p.spotsAlone ? [spotsPart(q, p, userId)] : []),
    ];
    return sql<RankedSpot>`${q.planned}with hits as (${sql.join(parts, sql` union all `)})
      select id, max(newest) as newest, max(satisfied) as satisfied, count(*) over () as total
      from hits group by id
      order by max(newest) ${q.binary} desc nulls last, id ${q.binary}
      limit ${page.limit} offset ${page.offset}`;
  },
  visitsOf(dialect: DialectName, userId: string, p: SearchPlan, locationIds: readonly string[]) {
    const q = dialectSql(dialect);
    return sql<VisitHit>`${q.planned}select v.location_id, v.entry_id, v.date
      from ${q.rows(locationIds, 'page')} ${q.join} search_visits v on v.location_id = page.value
      where (v.user_id || '') = ${userId}
        and ${all(visitFacets(q, p, userId, fromVisits, true))}`;
  },
};

export const searchRepository = {
  /** The page of matching spots, newest matching visit first (none last), ties by id. */
  async rank(
    db: Executor,
    dialect: DialectName,
    userId: string,
    p: SearchPlan,
    page: Page,
  ): Promise<RankedSpot[]> {
    return (await searchStatements.rank(dialect, userId, p, page).execute(db)).rows;
  },
  /** The visits of these spots that meet the visit conditions. */
  async visitsOf(
    db: Executor,
    dialect: DialectName,
    userId: string,
    p: SearchPlan,
    locationIds: readonly string[],
  ): Promise<VisitHit[]> {
    return (await searchStatements.visitsOf(dialect, userId, p, locationIds).execute(db)).rows;
  },
};
