import type { CreateEntryInput } from '@fj/contract/entries';
import type { Find } from '@fj/contract/finds';
import type { CreateLocationInput } from '@fj/contract/locations';
import { sql } from 'kysely';
import { seedEntry, seedLocation } from './seed.ts';
import type { TestApp, TestUser } from './test-app.ts';

/** An entry as the search tests write it: its finds may carry quantities. */
export type SearchEntry = Partial<CreateEntryInput> & { id: string; date: string; finds?: Find[] };
export interface SearchSpot {
  fields: Partial<CreateLocationInput> & { id: string };
  entries: SearchEntry[];
}

/**
 * Writes an entry's finds into its stored details as a write of them would, with a new
 * revision for the user, the entry and its location: the entry routes of this branch write
 * `species` only (finds with quantities arrive with the finds work).
 */
async function writeFinds(t: TestApp, who: TestUser, entryId: string, finds: readonly Find[]) {
  const db = t.app.db;
  await sql`update sync_revisions set revision = revision + 1 where user_id = ${who.id}`.execute(
    db,
  );
  const revision = sql`(select revision from sync_revisions where user_id = ${who.id})`;
  const row = await db
    .selectFrom('entries')
    .select(['details', 'location_id'])
    .where('id', '=', entryId)
    .executeTakeFirstOrThrow();
  const details = JSON.parse(row.details) as Record<string, unknown>;
  delete details.species;
  await sql`update entries set details = ${JSON.stringify({ ...details, finds })},
    revision = ${revision} where id = ${entryId}`.execute(db);
  await sql`update locations set revision = ${revision} where id = ${row.location_id}`.execute(db);
}

/** Writes the spots and their entries through the API (finds as above). */
export async function seedJournal(
  t: TestApp,
  who: TestUser,
  spots: readonly SearchSpot[],
): Promise<void> {
  for (const spot of spots) {
    await seedLocation(t, who, spot.fields);
    for (const { finds, ...entry } of spot.entries) {
      const withQuantities = finds?.some((find) => find.quantity != null || find.unit != null);
      const species = finds?.map((find) => find.species);
      await seedEntry(t, who, spot.fields.id, { ...entry, ...(species ? { species } : {}) });
      if (finds && withQuantities) await writeFinds(t, who, entry.id, finds);
    }
  }
}
