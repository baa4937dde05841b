import { speciesRenameApi, type RenameCounts } from '../lib/api/species-rename-api.ts';
import { renameInCategories, renameInLocations } from '../lib/species-rename.ts';
import type { GetJournal, SetJournal } from './journal-types.ts';
import { USER_NOT_AUTHENTICATED, writeOrQueue } from './location-slice.ts';
import type { OfflineJournal } from './offline-journal.ts';

/** The rename's answer: the server's counts, or `queued` when it waits in the outbox. */
export type RenameOutcome = RenameCounts | 'queued';

/**
 * Rename a species, or merge it into another (docs/behaviour.md#species-rename): sent to the
 * server, or queued when it cannot be reached; either way the device's copy changes at once
 * (every find, each spot's species, the species lists), and the next sync brings the server's.
 */
export function createSpeciesRename(set: SetJournal, get: GetJournal, offline: OfflineJournal) {
  return {
    async renameSpecies(fromName: string, toName: string): Promise<RenameOutcome> {
      if (!get().userId) throw new Error(USER_NOT_AUTHENTICATED);
      const rename = { from: fromName.trim(), to: toName.trim() };
      if (!rename.from || !rename.to || rename.from === rename.to)
        throw new Error('Choose a species and a different name.');
      const outcome = await writeOrQueue<RenameOutcome>(
        offline,
        'renameSpecies',
        { kind: 'renameSpecies', ...rename },
        async () => {
          const counts = await speciesRenameApi.rename(rename.from, rename.to);
          offline.commitServer(renameInLocations(get().serverLocations, rename));
          return counts;
        },
        () => 'queued',
      );
      // Queued, the outbox overlay renames the spots; the lists are renamed here either way.
      set({ speciesCategories: renameInCategories(get().speciesCategories, rename) });
      if (outcome !== 'queued') {
        void get().fetchLocations(true);
        void get().fetchSpecies(true);
      }
      return outcome;
    },
  };
}
