// The search at 2,000 and at a lifetime's 20,000 spots (SEARCH_BENCH_SPOTS=2000,20000), ten
// entries each, on SQLite and PostgreSQL: the journal written with its index as a restore writes
// it, beside the same rows without; then GET /search over inject(), faceted and by text, each
// beside a bare indexed SQL read of its rows and the page's rows read by id; and the device's
// searchJournal over the largest journal in this process, beside a plain pass over it.
import type { Location } from '@fj/contract/locations';
import { parseQuery } from '@fj/contract/search-query';
import { searchJournal } from '@fj/contract/search-match';
import { sql } from 'kysely';
import type { Db } from '../src/db/executor.ts';
import { databaseKinds, type DatabaseKind } from '../test/helpers/databases.ts';
import { createTestApp, type TestApp } from '../test/helpers/test-app.ts';
import { timeRuns, type Figure } from './measure.ts';
import { journalOf, writeJournal } from './search-journal.ts';

const sizes = (process.env.SEARCH_BENCH_SPOTS ?? '2000,20000').split(',').map(Number);

interface Query {
  q: string;
  /** The bare read of its rows through their index, by dialect. */
  bare(db: Db, dialect: string, userId: string): Promise<unknown>;
}

/** The words' own index: FTS5 on SQLite, LIKE (pg_trgm's GIN) on PostgreSQL. */
const wordsBare = (match: string, likes: string[]) => (db: Db, dialect: string, userId: string) =>
  dialect === 'sqlite'
    ? sql`select count(*) from search_visits_fts where search_visits_fts match ${match}`.execute(db)
    : sql`select count(*) from search_visits where user_id = ${userId}
        and ${sql.join(
          likes.map((like) => sql`doc like ${like}`),
          sql` and `,
        )}`.execute(db);

const queries: Record<string, Query> = {
  faceted: {
    q: 'species:chanterelle tree:oak month:jul-sep',
    bare: (db, _, userId) =>
      db
        .selectFrom('entry_finds')
        .select(['location_id', 'date'])
        .where('user_id', '=', userId)
        .where('species_key', '=', 'chanterelle')
        .execute(),
  },
  text: {
    q: 'mossy stump',
    bare: wordsBare('"mossy" AND "stump"', ['%mossy%', '%stump%']),
  },
  'a spot’s name': {
    q: '"spot 1234 by"',
    bare: wordsBare('"spot 1234 by"', ['%spot 1234 by%']),
  },
};

async function measure(kind: DatabaseKind, spots: number, journal: Location[]) {
  const figures: Figure[] = [];
  // As production answers: no schema check of each answer (outside production every answer is).
  const t: TestApp = await createTestApp(kind, { NODE_ENV: 'production' });
  try {
    const db = t.app.db;
    // The reference: the same rows without the index, written by another user then deleted.
    const bare = await t.signUp();
    const rowsAlone = await writeJournal(db, bare.id, journal, false);
    await db.deleteFrom('user').where('id', '=', bare.id).execute();
    const user = await t.signUp();
    const written = await writeJournal(db, user.id, journal, true);
    figures.push({
      name: `search index written with ${spots} spots × 10 entries (${kind.name})`,
      value: written,
      unit: 'ms',
      target: 60_000,
      reference: `the rows alone ${rowsAlone.toFixed(0)} ms, ratio ${(written / rowsAlone).toFixed(1)}`,
    });
    // A server's autovacuum vacuums and analyzes new rows within a minute (inserts count since
    // PostgreSQL 13): its visibility map lets an index answer alone. A bench asks at once.
    if (kind.name === 'postgres') {
      await sql`vacuum analyze locations, entries, entry_finds, search_spots, search_labels,
        search_visits`.execute(db);
    }
    const search = (q: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/search?q=${encodeURIComponent(q)}`,
        headers: user.auth,
      });
    for (const [what, query] of Object.entries(queries)) {
      const answer = (await search(query.q)).json<{
        data: { location: Location }[];
        total: number;
      }>();
      const ids = answer.data.map((match) => match.location.id);
      const runs = spots > 5_000 ? 15 : 30;
      const byIds = await timeRuns(runs, async () => {
        if (ids.length === 0) return;
        await db.selectFrom('locations').selectAll().where('id', 'in', ids).execute();
        await db.selectFrom('entries').selectAll().where('location_id', 'in', ids).execute();
      });
      const bareRead = await timeRuns(runs, () => query.bare(db, kind.name, user.id));
      const timed = await timeRuns(runs, () => search(query.q));
      figures.push({
        name: `GET /search ${what}, ${spots} spots (${kind.name}) p50`,
        value: timed.median,
        unit: 'ms',
        target: 30,
        reference: `"${query.q}": ${answer.total} spots; bare indexed SQL ${bareRead.median.toFixed(1)} ms, ratio ${(timed.median / bareRead.median).toFixed(1)}; the page's rows by id ${byIds.median.toFixed(1)} ms`,
      });
    }
  } finally {
    await t.close();
  }
  return figures;
}

export async function searchFigures(): Promise<Figure[]> {
  const figures: Figure[] = [];
  let journal: Location[] = [];
  for (const spots of sizes) {
    journal = journalOf(spots);
    for (const kind of databaseKinds) {
      console.log(`search bench: ${spots} spots on ${kind.name}`);
      figures.push(...(await measure(kind, spots, journal)));
    }
  }
  // The device: searchJournal over the largest journal (folded once, then kept per object).
  searchJournal(journal, parseQuery(queries.faceted?.q ?? '').facets);
  const plain = await timeRuns(15, async () =>
    journal.filter((l) => l.entries.some((e) => e.date >= '2020-07')),
  );
  for (const [what, query] of Object.entries(queries)) {
    const asked = parseQuery(query.q).facets;
    const device = await timeRuns(15, async () => searchJournal(journal, asked));
    figures.push({
      name: `searchJournal ${what}, ${journal.length} spots (Node) p50`,
      value: device.median,
      unit: 'ms',
      target: 100,
      reference: `a plain pass over every entry ${plain.median.toFixed(1)} ms`,
    });
  }
  return figures;
}
