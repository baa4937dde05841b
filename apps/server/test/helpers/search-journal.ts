import type { CreateEntryInput } from '@fj/contract/entries';
import type { Find } from '@fj/contract/finds';
import type { CreateLocationInput } from '@fj/contract/locations';
import { seedEntry, seedLocation } from './seed.ts';
import type { TestApp, TestUser } from './test-app.ts';

/** An entry as the search tests write it: its finds may carry quantities. */
export type SearchEntry = Partial<CreateEntryInput> & { id: string; date: string; finds?: Find[] };
export interface SearchSpot {
  fields: Partial<CreateLocationInput> & { id: string };
  entries: SearchEntry[];
}

/** Writes the spots and their entries through the API. */
export async function seedJournal(
  t: TestApp,
  who: TestUser,
  spots: readonly SearchSpot[],
): Promise<void> {
  for (const spot of spots) {
    await seedLocation(t, who, spot.fields);
    for (const entry of spot.entries) await seedEntry(t, who, spot.fields.id, entry);
  }
}
