import type { NormalizedSearch } from '@fj/contract/search-match';
import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Executor } from '../../db/executor.ts';

/*
 * The search's two reads over the index (db/migrations/0009-search.ts), both of one user only:
 * the spots whose own facets hold, and the visits that meet the visit conditions. What they
 * decide is docs/behaviour.md#search, as packages/contract/src/search-match.ts computes it.
 * Every value is a bound parameter; words are found with instr/strpos, never LIKE or a full-text
 * syntax, so `%`, `_`, `"`, `NEAR(` and `\` are text like any other.
 */

type Sql = RawBuilder<unknown>;

const contains = (dialect: DialectName, column: Sql, word: string): Sql =>
  dialect === 'postgres' ? sql`strpos(${column}, ${word}) > 0` : sql`instr(${column}, ${word}) > 0`;

const anyOf = (parts: Sql[]): Sql => sql`(${sql.join(parts, sql` or `)})`;
const allOf = (parts: Sql[]): Sql =>
  parts.length === 0 ? sql`1 = 1` : sql.join(parts, sql` and `);

/** `\nkey\n` is in a key list only when the key is one of its keys. */
const hasKey = (dialect: DialectName, column: Sql, keys: Set<string>): Sql =>
  anyOf([...keys].map((key) => contains(dialect, column, `\n${key}\n`)));

function spotConditions(dialect: DialectName, search: NormalizedSearch): Sql[] {
  const where: Sql[] = [];
  if (search.terrain.size > 0) where.push(sql`s.terrain in (${sql.join([...search.terrain])})`);
  if (search.tree.size > 0) where.push(hasKey(dialect, sql`s.trees`, search.tree));
  if (search.category.size > 0) where.push(hasKey(dialect, sql`s.categories`, search.category));
  if (search.access) where.push(sql`s.access in (${sql.join([...search.access])})`);
  if (search.kind) where.push(sql`s.kind = ${search.kind}`);
  if (search.favorite !== undefined) where.push(sql`s.favorite = ${search.favorite ? 1 : 0}`);
  if (search.bbox) {
    const [west, south, east, north] = search.bbox;
    where.push(sql`s.lat >= ${south} and s.lat <= ${north}`);
    where.push(
      west <= east
        ? sql`s.lng >= ${west} and s.lng <= ${east}`
        : sql`(s.lng >= ${west} or s.lng <= ${east})`,
    );
  }
  for (const word of search.excluded) where.push(sql`not ${contains(dialect, sql`s.text`, word)}`);
  return where;
}

export interface SpotHit {
  location_id: string;
  newest_visit: string | null;
  /** 1 when every word is in the spot's own text. */
  satisfied: number;
}
export interface VisitHit {
  location_id: string;
  entry_id: string;
  date: string;
}

function visitConditions(dialect: DialectName, userId: string, search: NormalizedSearch): Sql[] {
  const where: Sql[] = [];
  if (search.year !== undefined) {
    where.push(sql`v.date >= ${`${search.year}-01-01`} and v.date <= ${`${search.year}-12-31`}`);
  }
  if (search.months) {
    const { from, to } = search.months;
    const months = Array.from({ length: 12 }, (_, i) => i + 1).filter((month) =>
      from <= to ? month >= from && month <= to : month >= from || month <= to,
    );
    where.push(sql`v.month in (${sql.join(months)})`);
  }
  const finds: Sql[] = [];
  if (search.species.size > 0) finds.push(sql`f.species_key in (${sql.join([...search.species])})`);
  if (search.unit !== undefined) finds.push(sql`f.unit = ${search.unit}`);
  if (search.minQuantity !== undefined) finds.push(sql`f.quantity >= ${search.minQuantity}`);
  if (finds.length > 0) {
    where.push(sql`v.entry_id in (select f.entry_id from search_finds f
      where f.user_id = ${userId} and ${allOf(finds)})`);
  }
  for (const word of search.words) {
    where.push(anyOf([contains(dialect, sql`s.text`, word), contains(dialect, sql`v.text`, word)]));
  }
  for (const word of search.excluded) where.push(sql`not ${contains(dialect, sql`v.text`, word)}`);
  // Without visit facets a visit is needed only where the spot's text lacks a word.
  if (!search.visitFacets) {
    where.push(anyOf(search.words.map((word) => sql`not ${contains(dialect, sql`s.text`, word)}`)));
  }
  return where;
}

export const searchRepository = {
  async spots(
    db: Executor,
    dialect: DialectName,
    userId: string,
    search: NormalizedSearch,
  ): Promise<SpotHit[]> {
    const satisfied = allOf(search.words.map((word) => contains(dialect, sql`s.text`, word)));
    const { rows } = await sql<SpotHit>`
      select s.location_id, s.newest_visit, case when ${satisfied} then 1 else 0 end as satisfied
      from search_spots s
      where s.user_id = ${userId} and ${allOf(spotConditions(dialect, search))}`.execute(db);
    return rows;
  },
  /** The visits meeting the visit conditions, of spots whose own facets hold. */
  async visits(
    db: Executor,
    dialect: DialectName,
    userId: string,
    search: NormalizedSearch,
  ): Promise<VisitHit[]> {
    if (!search.visitFacets && search.words.length === 0) return [];
    const { rows } = await sql<VisitHit>`
      select v.location_id, v.entry_id, v.date
      from search_visits v join search_spots s on s.location_id = v.location_id
      where v.user_id = ${userId} and s.user_id = ${userId}
        and ${allOf(spotConditions(dialect, search))}
        and ${allOf(visitConditions(dialect, userId, search))}`.execute(db);
    return rows;
  },
};
