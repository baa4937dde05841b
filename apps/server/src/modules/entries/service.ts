import { randomUUID } from 'node:crypto';
import type { CreateEntryInput, UpdateEntryInput } from '@fj/contract/entries';
import type { Location } from '@fj/contract/locations';
import type { DialectName } from '../../db/dialect.ts';
import { insertEntryIndexed } from '../../db/entry-insert.ts';
import type { DbTransaction, Executor } from '../../db/executor.ts';
import type { WriteTransactions } from '../../db/group-commit.ts';
import type { EntriesTable, LocationsTable } from '../../db/schema.ts';
import { entryFindsRepository } from '../../db/entry-finds.ts';
import { searchIndex } from '../../db/search-index.ts';
import { AppError, badField, notFound } from '../../errors.ts';
import { findsProblem, type FindFields } from '@fj/contract/finds-write';
import { detailsAfter, type EntryDetails } from '../../lib/entry-details.ts';
import { nowIso, parseJson } from '../../lib/json.ts';
import type { PhotoStorage } from '../../storage/photo-storage.ts';
import { entryBytes } from '../../journal-quota/measure.ts';
import type { JournalQuota } from '../../journal-quota/service.ts';
import { locationsRepository } from '../locations/repository.ts';
import { storedFilesOf } from '../photos/mapping.ts';
import { photosRepository } from '../photos/repository.ts';
import { syncRepository } from '../sync/repository.ts';
import { entriesRepository as repo } from './repository.ts';

export interface EntryServiceDeps {
  /** Which database: a create's insert is one statement on PostgreSQL (db/entry-insert.ts). */
  dialect: DialectName;
  /** Where its writes run (db/group-commit.ts): their bodies use only the transaction given. */
  writes: WriteTransactions;
  storage: PhotoStorage;
  /** The location service's whole location as the API answers it (modules/locations). */
  locations: {
    whole(executor: Executor, row: LocationsTable): Promise<Location>;
    read(userId: string, id: string): Promise<Location>;
  };
  /** QUOTA_ENTRIES_PER_LOCATION. */
  maxEntriesPerLocation: number;
  /** QUOTA_JOURNAL_BYTES_PER_USER. */
  journal: JournalQuota;
}

/** A write whose finds contradict each other is refused, naming the field (see findsProblem). */
function checkFinds(input: FindFields): void {
  const problem = findsProblem(input);
  if (problem) throw badField(problem.field, problem.message);
}

/**
 * An entry may refer only to photos its own user uploaded and that no other entry holds
 * (deleting that entry would delete them); anything else is a bad field. Answers the paths,
 * each once, in the order given.
 */
async function checkedPhotoPaths(
  trx: DbTransaction,
  userId: string,
  photos: readonly { filePath: string }[],
  entryId: string,
): Promise<string[]> {
  const paths = [...new Set(photos.map((photo) => photo.filePath))];
  const rows = await photosRepository.findByPaths(trx, userId, paths);
  const owner = new Map(rows.map((row) => [row.file_path, row.entry_id]));
  photos.forEach((photo, index) => {
    if (!owner.has(photo.filePath)) {
      throw badField(`photos.${index}.filePath`, 'no such uploaded photo');
    }
    const entry = owner.get(photo.filePath);
    if (entry && entry !== entryId) {
      throw badField(`photos.${index}.filePath`, 'belongs to another entry');
    }
  });
  return paths;
}

/** Rolls back the transaction of a create that was made before (an idempotent retry). */
const alreadyMade = Symbol('entry already made');

/** The location's touch and the entry's insert, for insertEntryIndexed. */
const insertSteps = { touch: locationsRepository.touch, insertIfAbsent: repo.insertIfAbsent };

export function createEntryService(deps: EntryServiceDeps) {
  const { dialect, writes, storage, locations, maxEntriesPerLocation, journal } = deps;

  /**
   * Marks the location changed (its revision and time) and answers its row, or throws its 404:
   * the one statement that both checks it and takes its row. Concurrent entry writes to it take
   * turns already, at the user's revision (`bump`, the first statement of every write of the user).
   */
  async function touchLocation(
    trx: DbTransaction,
    userId: string,
    locationId: string,
    now: string,
    revision: number,
  ): Promise<LocationsTable> {
    const row = await locationsRepository.touch(trx, userId, locationId, now, revision);
    if (!row) throw notFound('Location');
    return row;
  }

  /**
   * The quota of a new entry (not a retry of one already made), checked after its insert: the
   * location then holds more than the limit exactly when it held the limit before. Throwing rolls
   * the insert back, and the count is the answer's own list, so a create reads no count.
   */
  function checkEntryQuota(location: Location) {
    if (location.entries.length > maxEntriesPerLocation) {
      throw new AppError(
        'QUOTA_EXCEEDED',
        `This location has reached the limit of ${maxEntriesPerLocation} entries`,
      );
    }
  }

  return {
    /**
     * Idempotent by id, like locations. Answers the whole updated location, read in the
     * transaction (locationService.whole).
     */
    async create(userId: string, locationId: string, input: CreateEntryInput): Promise<Location> {
      checkFinds(input);
      try {
        return await writes(async (trx) => {
          const now = nowIso();
          const id = input.id ?? randomUUID();
          const row: EntriesTable = {
            id,
            location_id: locationId,
            user_id: userId,
            date: input.date,
            details: JSON.stringify(detailsAfter(input)),
            created_at: now,
            updated_at: now,
            revision: 0,
          };
          // The bump charges the journal's bytes in the same statement (journal.bumpCharging);
          // a 404, a bad photo or a retry below rolls both back. The photos are checked after
          // the insert (a bad one throws, and the insert rolls back with it).
          const bytes = entryBytes(row);
          const bumped = await journal.bumpCharging(trx, userId, bytes);
          row.revision = bumped.revision;
          const made = await insertEntryIndexed(trx, dialect, row, insertSteps);
          const locationRow = made.location;
          if (!locationRow) throw notFound('Location');
          const paths = await checkedPhotoPaths(trx, userId, input.photos ?? [], id);
          if (made.inserted) {
            if (!bumped.charged) await journal.charge(trx, userId, bytes);
            // After the insert: entry_id is a foreign key.
            await photosRepository.attachInOrder(trx, userId, id, paths);
            const location = await locations.whole(trx, locationRow);
            checkEntryQuota(location);
            return location;
          }
          const owner = await repo.findOwner(trx, row.id);
          if (owner?.user_id !== userId || owner.location_id !== locationId) {
            throw new AppError('CONFLICT', 'id: already used by another entry', {
              id: 'already used',
            });
          }
          // A retry of a create already made: nothing changes, so the touch and the revision
          // roll back with it.
          throw alreadyMade;
        });
      } catch (error) {
        if (error !== alreadyMade) throw error;
      }
      return locations.read(userId, locationId);
    },

    async update(
      userId: string,
      locationId: string,
      entryId: string,
      input: UpdateEntryInput,
    ): Promise<Location> {
      checkFinds(input);
      const { removedFiles, location } = await writes(async (trx) => {
        const revision = await syncRepository.bump(trx, userId);
        const entry = await repo.find(trx, userId, locationId, entryId);
        if (!entry) throw notFound('Entry');
        const now = nowIso();
        const changes: Partial<EntriesTable> = {
          details: JSON.stringify(detailsAfter(input, parseJson<EntryDetails>(entry.details))),
          updated_at: now,
          revision,
        };
        if (input.date !== undefined) changes.date = input.date;
        await journal.charge(trx, userId, entryBytes({ ...entry, ...changes }) - entryBytes(entry));
        let removed: string[] = [];
        if (input.photos !== undefined) {
          // The list replaces the entry's photos: those it no longer names are deleted.
          const paths = await checkedPhotoPaths(trx, userId, input.photos, entryId);
          const dropped = await photosRepository.deleteFromEntryExcept(trx, userId, entryId, paths);
          await photosRepository.attachInOrder(trx, userId, entryId, paths);
          removed = storedFilesOf(dropped);
        }
        await repo.update(trx, userId, entryId, changes);
        await entryFindsRepository.replaceFor(trx, { ...entry, ...changes });
        await searchIndex.visitChanged(trx, { ...entry, ...changes });
        const locationRow = await touchLocation(trx, userId, locationId, now, revision);
        return { removedFiles: removed, location: await locations.whole(trx, locationRow) };
      });
      await storage.delete(removedFiles);
      return location;
    },

    async remove(userId: string, locationId: string, entryId: string): Promise<Location> {
      const { files, location } = await writes(async (trx) => {
        const revision = await syncRepository.bump(trx, userId);
        const entry = await repo.find(trx, userId, locationId, entryId);
        if (!entry) throw notFound('Entry');
        // Its photo rows go with it (cascade); their files go after the commit.
        const photos = await photosRepository.ofEntry(trx, userId, entryId);
        const now = nowIso();
        await journal.charge(trx, userId, -entryBytes(entry));
        await repo.delete(trx, userId, entryId);
        await searchIndex.visitRemoved(trx, userId, locationId);
        await syncRepository.addTombstone(trx, userId, 'entry', entryId, revision, now);
        const locationRow = await touchLocation(trx, userId, locationId, now, revision);
        return { files: storedFilesOf(photos), location: await locations.whole(trx, locationRow) };
      });
      await storage.delete(files);
      return location;
    },
  };
}

export type EntryService = ReturnType<typeof createEntryService>;
