import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import { planEachRun } from '../../db/pg-prepared.ts';
import type { SearchPlan } from './plan.ts';

type Sql = RawBuilder<unknown>;

/** The pieces of the search's SQL that differ between SQLite and PostgreSQL. */
export interface DialectSql {
  /** Whether `needle` is in `hay` (instr/strpos: no pattern syntax). */
  has(hay: Sql, needle: Sql): Sql;
  /** A list, one parameter, as rows of one column `value` named `alias`. */
  rows(list: readonly string[], alias: string): Sql;
  /** `(select value from …)`, for `x in …`. */
  values(list: readonly string[]): Sql;
  /** `column` is one of the months. */
  monthIn(column: Sql, months: readonly number[]): Sql;
  /** Rows of `table` as `alias`, narrowed by the words' trigram index over `column`. */
  textDriven(
    p: SearchPlan,
    table: 'search_spots' | 'search_visits',
    alias: string,
    column: string,
  ): Sql;
  /** Whether textDriven's rows hold every indexed word: no need to look for them again. */
  matchIsExact: boolean;
  /** A join in the order written: SQLite's CROSS JOIN (it has no statistics to choose by). */
  join: Sql;
  /** Text compared by code point, as JavaScript compares the ids and dates it sorts. */
  binary: Sql;
  /** Begins a statement: on PostgreSQL, planned with its values on each run (db/pg-prepared.ts). */
  planned: Sql;
}

const sqlite: DialectSql = {
  has: (hay, needle) => sql`instr(${hay}, ${needle}) > 0`,
  rows: (list, alias) => sql`json_each(${JSON.stringify(list)}) as ${sql.id(alias)}`,
  values: (list) => sql`(select value from json_each(${JSON.stringify(list)}))`,
  monthIn: (column, months) =>
    sql`${column} in (select value from json_each(${JSON.stringify(months)}))`,
  // The FTS5 table first (CROSS JOIN keeps that order), its MATCH in the join.
  textDriven: (p, table, alias, _column) => {
    const fts = sql.table(`${table}_fts`);
    return sql`${fts} cross join ${sql.table(table)} as ${sql.id(alias)}
      on ${sql.id(alias)}.seq = ${fts}.rowid and ${fts} match ${p.match}`;
  },
  // A phrase of trigrams, case-sensitive, matches exactly where the string is a substring.
  matchIsExact: true,
  join: sql`cross join`,
  binary: sql``,
  planned: sql``,
};

const postgres: DialectSql = {
  has: (hay, needle) => sql`strpos(${hay}, ${needle}) > 0`,
  rows: (list, alias) => sql`unnest(cast(${list} as text[])) as ${sql.id(alias)}(value)`,
  values: (list) => sql`(select unnest(cast(${list} as text[])))`,
  monthIn: (column, months) => sql`${column} = any(cast(${months} as integer[]))`,
  // pg_trgm's GIN index answers LIKE (search-text-index.ts); the planner chooses to use it.
  textDriven: (p, table, alias, column) =>
    sql`(select * from ${sql.table(table)} where ${sql.ref(column)} like ${p.likes[0]}
      and ${sql.ref(column)} like ${p.likes[1]}) as ${sql.id(alias)}`,
  // Only the two longest words are given to LIKE.
  matchIsExact: false,
  join: sql`join`,
  binary: sql`collate "C"`,
  planned: sql.raw(planEachRun),
};

export const dialectSql = (dialect: DialectName): DialectSql =>
  dialect === 'postgres' ? postgres : sqlite;
