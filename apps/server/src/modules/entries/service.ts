import { randomUUID } from 'node:crypto';
import type { CreateEntryInput, UpdateEntryInput } from '@fj/contract/entries';
import type { Location } from '@fj/contract/locations';
import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database, EntriesTable } from '../../db/schema.ts';
import { AppError, badField, notFound } from '../../errors.ts';
import { nowIso, parseJson } from '../../lib/json.ts';
import type { PhotoStorage } from '../../storage/photo-storage.ts';
import type { EntryDetails } from '../locations/mapping.ts';
import { locationsRepository as repo } from '../locations/repository.ts';
import type { LocationService } from '../locations/service.ts';
import { photosRepository } from '../photos/repository.ts';

export interface EntryServiceDeps {
  db: Kysely<Database>;
  storage: PhotoStorage;
  locations: LocationService;
  dialect: DialectName;
  /** QUOTA_ENTRIES_PER_LOCATION. */
  maxEntriesPerLocation: number;
}

function detailsOf(input: UpdateEntryInput, base: EntryDetails = {}): EntryDetails {
  const details: EntryDetails = { ...base };
  if (input.species !== undefined) details.species = input.species;
  if (input.abundance !== undefined) details.abundance = input.abundance;
  if (input.notes !== undefined) details.notes = input.notes;
  if (input.weather !== undefined) details.weather = input.weather;
  return details;
}

/**
 * An entry may refer only to photos its own user uploaded and that no other entry holds
 * (deleting that entry would delete them); anything else is a bad field.
 */
async function checkedPhotoPaths(
  trx: Transaction<Database>,
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
  await photosRepository.attach(trx, userId, paths, entryId);
  return paths;
}

async function deletePhotos(
  trx: Transaction<Database>,
  userId: string,
  paths: string[],
): Promise<string[]> {
  const photos = await photosRepository.findByPaths(trx, userId, paths);
  await photosRepository.deleteByPaths(trx, userId, paths);
  return photos.flatMap((photo) => [photo.file_path, photo.thumbnail_file_path]);
}

export function createEntryService(deps: EntryServiceDeps) {
  const { db, storage, locations, dialect, maxEntriesPerLocation } = deps;

  /** The location, held until commit so that concurrent entry writes to it take turns. */
  async function lockLocation(trx: Transaction<Database>, userId: string, locationId: string) {
    if (!(await repo.lockById(trx, dialect, userId, locationId))) throw notFound('Location');
  }

  /** A new entry (not a retry of one already made) must fit in the location's quota. */
  async function checkEntryQuota(trx: Transaction<Database>, locationId: string, id: string) {
    if (await repo.findEntryOwner(trx, id)) return;
    if ((await repo.countEntriesOfLocation(trx, locationId)) >= maxEntriesPerLocation) {
      throw new AppError(
        'QUOTA_EXCEEDED',
        `This location has reached the limit of ${maxEntriesPerLocation} entries`,
      );
    }
  }

  return {
    /** Idempotent by id, like locations. Answers the whole updated location. */
    async create(userId: string, locationId: string, input: CreateEntryInput): Promise<Location> {
      await db.transaction().execute(async (trx) => {
        await lockLocation(trx, userId, locationId);
        const now = nowIso();
        const id = input.id ?? randomUUID();
        await checkEntryQuota(trx, locationId, id);
        const row: EntriesTable = {
          id,
          location_id: locationId,
          user_id: userId,
          date: input.date,
          details: JSON.stringify(detailsOf(input)),
          photo_paths: JSON.stringify(await checkedPhotoPaths(trx, userId, input.photos ?? [], id)),
          created_at: now,
          updated_at: now,
        };
        if (await repo.insertEntryIfAbsent(trx, row)) {
          await repo.touch(trx, userId, locationId, now);
          return;
        }
        const owner = await repo.findEntryOwner(trx, row.id);
        if (owner?.user_id !== userId || owner.location_id !== locationId) {
          throw new AppError('CONFLICT', 'id: already used by another entry', {
            id: 'already used',
          });
        }
      });
      return locations.read(userId, locationId);
    },

    async update(
      userId: string,
      locationId: string,
      entryId: string,
      input: UpdateEntryInput,
    ): Promise<Location> {
      const removedFiles = await db.transaction().execute(async (trx) => {
        const entry = await repo.findEntry(trx, userId, locationId, entryId);
        if (!entry) throw notFound('Entry');
        const now = nowIso();
        const changes: Partial<EntriesTable> = {
          details: JSON.stringify(detailsOf(input, parseJson<EntryDetails>(entry.details))),
          updated_at: now,
        };
        if (input.date !== undefined) changes.date = input.date;
        let removed: string[] = [];
        if (input.photos !== undefined) {
          const paths = await checkedPhotoPaths(trx, userId, input.photos, entryId);
          changes.photo_paths = JSON.stringify(paths);
          const dropped = parseJson<string[]>(entry.photo_paths).filter(
            (path) => !paths.includes(path),
          );
          removed = await deletePhotos(trx, userId, dropped);
        }
        await repo.updateEntry(trx, userId, entryId, changes);
        await repo.touch(trx, userId, locationId, now);
        return removed;
      });
      await storage.delete(removedFiles);
      return locations.read(userId, locationId);
    },

    async remove(userId: string, locationId: string, entryId: string): Promise<Location> {
      const removedFiles = await db.transaction().execute(async (trx) => {
        const entry = await repo.findEntry(trx, userId, locationId, entryId);
        if (!entry) throw notFound('Entry');
        const removed = await deletePhotos(trx, userId, parseJson<string[]>(entry.photo_paths));
        await repo.deleteEntry(trx, userId, entryId);
        await repo.touch(trx, userId, locationId, nowIso());
        return removed;
      });
      await storage.delete(removedFiles);
      return locations.read(userId, locationId);
    },
  };
}
