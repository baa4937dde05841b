import type { SpeciesRenameAnswer, SpeciesRenameInput } from '@fj/contract/species-rename';
import { speciesKey } from '@fj/contract/text-fold';
import { entryFindsRepository } from '../../db/entry-finds.ts';
import { searchIndex } from '../../db/search-index.ts';
import type { DbTransaction } from '../../db/executor.ts';
import type { WriteTransactions } from '../../db/group-commit.ts';
import type { EntriesTable, LocationsTable } from '../../db/schema.ts';
import { entryBytes, locationBytes } from '../../journal-quota/measure.ts';
import type { JournalQuota } from '../../journal-quota/service.ts';
import type { EntryDetails } from '../../lib/entry-details.ts';
import { nowIso, parseJson } from '../../lib/json.ts';
import { entriesRepository } from '../entries/repository.ts';
import { locationsRepository } from '../locations/repository.ts';
import { preferencesRepository } from '../preferences/repository.ts';
import { syncRepository } from '../sync/repository.ts';
import { renamedFinds, renamedList } from './renaming.ts';
import { speciesRepository as repo } from './repository.ts';

export interface SpeciesServiceDeps {
  /** Where its one write runs (db/group-commit.ts). */
  writes: WriteTransactions;
  /** QUOTA_JOURNAL_BYTES_PER_USER: the renamed text may be longer. */
  journal: JournalQuota;
  /** The preferences service's row cache forgets the user (modules/preferences). */
  onPreferencesWritten(userId: string): void;
}

/** Rolls back a rename that changed nothing: no revision is raised for it. */
const nothingChanged = Symbol('nothing renamed');

interface Stamp {
  userId: string;
  now: string;
  revision: number;
}

/** Renames in the entries with a find of `from`: how many changed, and the bytes they added. */
async function renameInEntries(trx: DbTransaction, input: SpeciesRenameInput, stamp: Stamp) {
  const { userId, now, revision } = stamp;
  let bytes = 0;
  let changed = 0;
  const locations = new Set<string>();
  for (const entry of await repo.entriesWith(trx, userId, speciesKey(input.from))) {
    const details = parseJson<EntryDetails>(entry.details);
    const finds = renamedFinds(details.finds ?? [], input.from, input.to);
    if (!finds) continue;
    const changes = { details: JSON.stringify({ ...details, finds }), updated_at: now, revision };
    const after: EntriesTable = { ...entry, ...changes };
    bytes += entryBytes(after) - entryBytes(entry);
    changed += 1;
    await entriesRepository.update(trx, userId, entry.id, changes);
    await entryFindsRepository.replaceFor(trx, after);
    await searchIndex.visitChanged(trx, after);
    locations.add(entry.location_id);
  }
  // An entry's change is its location's (docs/architecture.md#revisions): sync carries it.
  for (const id of locations) await locationsRepository.touch(trx, userId, id, now, revision);
  return { bytes, changed };
}

/** Renames in the locations' species lists: how many changed, and the bytes they added. */
async function renameInLocations(trx: DbTransaction, input: SpeciesRenameInput, stamp: Stamp) {
  const { userId, now, revision } = stamp;
  let bytes = 0;
  let changed = 0;
  for (const location of await repo.locationsNamingSpecies(trx, userId)) {
    const details = parseJson<{ species?: string[] }>(location.details);
    const species = renamedList(details.species ?? [], input.from, input.to);
    if (!species) continue;
    const changes = { details: JSON.stringify({ ...details, species }), updated_at: now, revision };
    const after: LocationsTable = { ...location, ...changes };
    bytes += locationBytes(after) - locationBytes(location);
    changed += 1;
    await repo.updateLocation(trx, userId, location.id, changes);
  }
  return { bytes, changed };
}

/** Renames in the preferences' species lists (one per category); whether they changed. */
async function renameInPreferences(trx: DbTransaction, input: SpeciesRenameInput, stamp: Stamp) {
  const row = await preferencesRepository.find(trx, stamp.userId);
  if (!row) return false;
  const lists = parseJson<Record<string, string[]>>(row.custom_species);
  let changed = false;
  const renamed = Object.fromEntries(
    Object.entries(lists).map(([category, list]) => {
      const after = renamedList(list, input.from, input.to);
      if (after) changed = true;
      return [category, after ?? list];
    }),
  );
  if (changed) {
    await preferencesRepository.update(trx, stamp.userId, {
      custom_species: JSON.stringify(renamed),
      updated_at: stamp.now,
      revision: stamp.revision,
    });
  }
  return changed;
}

export function createSpeciesService(deps: SpeciesServiceDeps) {
  const { writes, journal } = deps;
  return {
    /**
     * Renames (or merges) a species across the user's journal in one transaction, every
     * changed record stamped with one new revision; a rename that changes nothing raises none.
     */
    async rename(userId: string, input: SpeciesRenameInput): Promise<SpeciesRenameAnswer> {
      try {
        return await writes(async (trx) => {
          const revision = await syncRepository.bump(trx, userId);
          const stamp = { userId, now: nowIso(), revision };
          const entries = await renameInEntries(trx, input, stamp);
          const locations = await renameInLocations(trx, input, stamp);
          const preferences = await renameInPreferences(trx, input, stamp);
          if (entries.changed + locations.changed === 0 && !preferences) throw nothingChanged;
          await journal.charge(trx, userId, entries.bytes + locations.bytes);
          return { data: { entries: entries.changed, locations: locations.changed } };
        });
      } catch (error) {
        if (error !== nothingChanged) throw error;
        return { data: { entries: 0, locations: 0 } };
      } finally {
        deps.onPreferencesWritten(userId);
      }
    },
  };
}

export type SpeciesService = ReturnType<typeof createSpeciesService>;
