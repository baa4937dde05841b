import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/*
 * The index that finds the words of a search (0012-search-index.ts). Words are substrings of
 * the folded texts (docs/behaviour.md#search), so both databases index trigrams, and every
 * candidate is then checked exactly (modules/search/repository.ts):
 * - SQLite: FTS5 tables with the trigram tokenizer, case-sensitive (the texts are folded
 *   already), contentless (the text lives in search_spots and search_visits), keyed by their
 *   `seq`, and kept by triggers, which also run for rows deleted by a cascade.
 * - PostgreSQL: pg_trgm's GIN indexes, which LIKE '%word%' uses. pg_trgm is a contrib
 *   extension: when it cannot be created (not installed, no right to), there is no such index
 *   and searches by words read the user's rows instead, with the same answers.
 */

/** The FTS5 table over `column` of `table`, and its triggers. */
async function sqliteFts(trx: Kysely<unknown>, table: string, column: string): Promise<void> {
  const fts = sql.table(`${table}_fts`);
  const col = sql.ref(column);
  const name = (what: string) => sql.id(`${table}_fts_${what}`);
  await sql`create virtual table ${fts} using fts5(${col}, content='', contentless_delete=1,
    tokenize='trigram case_sensitive 1')`.execute(trx);
  await sql`create trigger ${name('insert')} after insert on ${sql.table(table)} begin
    insert into ${fts}(rowid, ${col}) values (new.seq, new.${col}); end`.execute(trx);
  await sql`create trigger ${name('update')} after update of ${col} on ${sql.table(table)}
    when old.${col} <> new.${col} begin
    delete from ${fts} where rowid = old.seq;
    insert into ${fts}(rowid, ${col}) values (new.seq, new.${col}); end`.execute(trx);
  await sql`create trigger ${name('delete')} after delete on ${sql.table(table)} begin
    delete from ${fts} where rowid = old.seq; end`.execute(trx);
}

/** The schema pg_trgm is in, creating it (in `public`, else here) if it can; undefined if not. */
async function trigramSchema(trx: Kysely<unknown>): Promise<string | undefined> {
  const find = async () => {
    const { rows } = await sql<{ schema: string }>`select n.nspname as schema
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(trx);
    return rows[0]?.schema;
  };
  const known = await find();
  if (known !== undefined) return known;
  // In `public` when there is one: a schema of this app dropped later must not take it along.
  for (const create of [
    sql`create extension if not exists pg_trgm with schema public`,
    sql`create extension if not exists pg_trgm`,
  ]) {
    // A failure aborts the transaction: only back to the savepoint.
    await sql`savepoint fj_trgm`.execute(trx);
    try {
      await create.execute(trx);
      await sql`release savepoint fj_trgm`.execute(trx);
      break;
    } catch {
      await sql`rollback to savepoint fj_trgm`.execute(trx);
    }
  }
  // Another install may have created it meanwhile (then ours failed as a duplicate).
  return find();
}

export async function createTextIndex(trx: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') {
    await sqliteFts(trx, 'search_spots', 'text');
    await sqliteFts(trx, 'search_visits', 'doc');
    return;
  }
  const schema = await trigramSchema(trx);
  if (schema === undefined) return;
  const ops = sql`${sql.id(schema)}.gin_trgm_ops`;
  await sql`create index search_spots_text_trgm on search_spots using gin (text ${ops})`.execute(
    trx,
  );
  await sql`create index search_visits_doc_trgm on search_visits using gin (doc ${ops})`.execute(
    trx,
  );
}

export async function dropTextIndex(trx: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'sqlite') return; // PostgreSQL's indexes go with their tables.
  for (const table of ['search_spots_fts', 'search_visits_fts']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(trx);
  }
}
