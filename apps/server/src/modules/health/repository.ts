import { sql } from 'kysely';
import type { Db, Executor } from '../../db/executor.ts';
import type { ReadNow } from '../../db/read-now.ts';

export const healthRepository = {
  /** The cheapest round trip: it fails when the database cannot be reached. */
  async ping(db: Executor): Promise<void> {
    await sql`select 1`.execute(db);
  },
  /** The same, on SQLite's connection at once (db/read-now.ts): it throws when it cannot run. */
  pingNow(db: Db, readNow: ReadNow): () => void {
    const read = readNow.prepare(db.selectNoFrom(sql<number>`1`.as('one')));
    return () => void read();
  },
};
