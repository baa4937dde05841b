import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

export const healthRepository = {
  /** The cheapest round trip: it fails when the database cannot be reached. */
  async ping(db: Executor): Promise<void> {
    await sql`select 1`.execute(db);
  },
};
