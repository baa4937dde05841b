import { randomUUID } from 'node:crypto';
import type {
  CreateLocationInput,
  Location,
  LocationDetails,
  UpdateLocationInput,
} from '@fj/contract/locations';
import type { DialectName } from '../../db/dialect.ts';
import type { Db, Executor } from '../../db/executor.ts';
import { insertLocationIndexed } from '../../db/location-insert.ts';
import type { WriteTransactions } from '../../db/group-commit.ts';
import type { EntriesTable, LocationsTable, PhotosTable } from '../../db/schema.ts';
import { searchIndex } from '../../db/search-index.ts';
import { AppError, notFound } from '../../errors.ts';
import { nowIso, parseJson } from '../../lib/json.ts';
import type { PhotoStorage } from '../../storage/photo-storage.ts';
import type { UrlSigner } from '../../storage/url-signer.ts';
import { photosByEntry } from '../entries/mapping.ts';
import { entriesRepository } from '../entries/repository.ts';
import { locationBytes } from '../../journal-quota/measure.ts';
import type { JournalQuota } from '../../journal-quota/service.ts';
import { storedFilesOf } from '../photos/mapping.ts';
import { photosRepository } from '../photos/repository.ts';
import { syncRepository } from '../sync/repository.ts';
import { toLocation } from './mapping.ts';
import { locationsRepository as repo } from './repository.ts';

export interface LocationServiceDeps {
  db: Db;
  /** Which database: a create's insert is one statement on PostgreSQL (db/location-insert.ts). */
  dialect: DialectName;
  /** Where its writes run (db/group-commit.ts): their bodies use only the transaction given. */
  writes: WriteTransactions;
  storage: PhotoStorage;
  signer: UrlSigner;
  /** QUOTA_LOCATIONS_PER_USER. */
  maxLocationsPerUser: number;
  /** QUOTA_JOURNAL_BYTES_PER_USER. */
  journal: JournalQuota;
}

const detailKeys = ['area', 'categories', 'species', 'terrainType', 'treeTypes', 'access'] as const;

function pickDetails(input: Partial<LocationDetails>): Partial<LocationDetails> {
  const details: Record<string, unknown> = {};
  for (const key of detailKeys) if (input[key] !== undefined) details[key] = input[key];
  return details as Partial<LocationDetails>;
}

export function createLocationService({
  db,
  dialect,
  writes,
  storage,
  signer,
  maxLocationsPerUser,
  journal,
}: LocationServiceDeps) {
  /**
   * The whole location of this row as the API answers it: its entries, newest first, with signed
   * photo URLs, read through `executor`. An entry write passes its transaction and the row its
   * touch returned, so its answer is what it wrote: two reads in the transaction instead of three after it.
   */
  async function whole(executor: Executor, row: LocationsTable): Promise<Location> {
    const [entries, photos] = await Promise.all([
      entriesRepository.ofLocation(executor, row.user_id, row.id),
      photosRepository.ofLocation(executor, row.user_id, row.id),
    ]);
    return toLocation(row, entries, photosByEntry(photos), signer);
  }

  /** The whole location as the API answers it (see whole). */
  async function read(userId: string, id: string): Promise<Location> {
    const row = await repo.findById(db, userId, id);
    if (!row) throw notFound('Location');
    return whole(db, row);
  }

  /** Whole locations from their rows, their entries' rows and those entries' photos. */
  function assemble(
    rows: readonly LocationsTable[],
    entries: readonly EntriesTable[],
    photos: readonly PhotosTable[],
  ): Location[] {
    const photoMap = photosByEntry(photos);
    const entriesByLocation = new Map<string, EntriesTable[]>();
    for (const entry of entries) {
      const list = entriesByLocation.get(entry.location_id);
      if (list) list.push(entry);
      else entriesByLocation.set(entry.location_id, [entry]);
    }
    return rows.map((row) =>
      toLocation(row, entriesByLocation.get(row.id) ?? [], photoMap, signer),
    );
  }

  /** The user's locations of these ids, whole, in the order of `ids` (GET /search's page). */
  async function wholeOf(userId: string, ids: readonly string[]): Promise<Location[]> {
    const [rows, entries, photos] = await Promise.all([
      repo.byIds(db, userId, ids),
      entriesRepository.ofLocations(db, userId, ids),
      photosRepository.ofLocations(db, userId, ids),
    ]);
    const byId = new Map(assemble(rows, entries, photos).map((l) => [l.id, l]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  return {
    read,
    whole,

    /**
     * Every location of the user, whole, newest first, a page at a time (GET /locations, /sync):
     * only the ids are held throughout, so the memory a read needs is a page's, not the journal's.
     * A location deleted before its page is read is left out (the next sync tells the deletion).
     */
    async *pages(userId: string, size = 64): AsyncGenerator<Location[]> {
      const ids = await repo.idsByUser(db, userId);
      for (let at = 0; at < ids.length; at += size)
        yield await wholeOf(userId, ids.slice(at, at + size));
    },

    wholeOf,

    /** The locations changed after the revision, whole, in the list's order (GET /sync). */
    async listChangedSince(userId: string, revision: number): Promise<Location[]> {
      const [rows, entries, photos] = await Promise.all([
        repo.listChangedSince(db, userId, revision),
        entriesRepository.ofLocationsChangedSince(db, userId, revision),
        photosRepository.ofLocationsChangedSince(db, userId, revision),
      ]);
      return assemble(rows, entries, photos);
    },

    /** Idempotent: a retried POST with the same id answers the location it made the first time. */
    async create(
      userId: string,
      input: CreateLocationInput,
    ): Promise<{ location: Location; created: boolean }> {
      const now = nowIso();
      const row: LocationsTable = {
        id: input.id ?? randomUUID(),
        user_id: userId,
        name: input.name,
        description: input.description ?? null,
        lat: input.position.lat,
        lng: input.position.lng,
        details: JSON.stringify(pickDetails(input)),
        favorite: input.favorite ? 1 : 0,
        created_at: now,
        updated_at: now,
        revision: 0,
      };
      const owner = await writes(async (trx) => {
        // The bump holds the user's revision row until commit (as syncRepository.bump), which is
        // the lock the quota needs: a concurrent create of this user waits here, and the count
        // in the insert then sees this one's row. No second lock on the user row.
        // The bump charges the journal's bytes in the same statement (journal.bumpCharging).
        const bytes = locationBytes(row);
        const bumped = await journal.bumpCharging(trx, userId, bytes);
        row.revision = bumped.revision;
        // The quota's count and the insert are one statement; only when it inserts nothing is
        // there a second read, to tell a retry (or another user's id) from the limit.
        if (
          await insertLocationIndexed(trx, dialect, row, maxLocationsPerUser, repo.insertBelowQuota)
        ) {
          if (!bumped.charged) await journal.charge(trx, userId, bytes);
          return undefined;
        }
        if (bumped.charged) await journal.charge(trx, userId, -bytes);
        const taken = await repo.findOwner(trx, row.id);
        if (!taken) {
          throw new AppError(
            'QUOTA_EXCEEDED',
            `You have reached the limit of ${maxLocationsPerUser} locations for one account`,
          );
        }
        return taken;
      });
      const created = owner === undefined;
      if (owner) {
        if (owner.user_id !== userId) {
          throw new AppError('CONFLICT', 'id: already used by another location', {
            id: 'already used',
          });
        }
      }
      // A new location has no entries yet: its answer is the row just written, not read back.
      const location = created
        ? toLocation(row, [], new Map(), signer)
        : await read(userId, row.id);
      return { location, created };
    },

    async update(userId: string, id: string, input: UpdateLocationInput): Promise<Location> {
      await writes(async (trx) => {
        const revision = await syncRepository.bump(trx, userId);
        const row = await repo.findById(trx, userId, id);
        if (!row) throw notFound('Location');
        const details = { ...parseJson<LocationDetails>(row.details), ...pickDetails(input) };
        const changes: Partial<LocationsTable> = {
          details: JSON.stringify(details),
          updated_at: nowIso(),
          revision,
        };
        if (input.name !== undefined) changes.name = input.name;
        if (input.description !== undefined) changes.description = input.description;
        if (input.position)
          Object.assign(changes, { lat: input.position.lat, lng: input.position.lng });
        if (input.favorite !== undefined) changes.favorite = input.favorite ? 1 : 0;
        await journal.charge(
          trx,
          userId,
          locationBytes({ ...row, ...changes }) - locationBytes(row),
        );
        await repo.update(trx, userId, id, changes);
        await searchIndex.spotsWritten(trx, [{ ...row, ...changes }], { changed: true });
      });
      return read(userId, id);
    },

    /**
     * Its entries and their photo rows go with it (cascade); their files go after. It and its
     * entries leave tombstones for GET /sync.
     */
    async remove(userId: string, id: string): Promise<void> {
      const paths = await writes(async (trx) => {
        const revision = await syncRepository.bump(trx, userId);
        const row = await repo.findById(trx, userId, id);
        if (!row) throw notFound('Location');
        const photos = await photosRepository.ofLocation(trx, userId, id);
        const now = nowIso();
        await syncRepository.addEntryTombstonesOfLocation(trx, userId, id, revision, now);
        await syncRepository.addTombstone(trx, userId, 'location', id, revision, now);
        await journal.locationRemoved(trx, row);
        await repo.delete(trx, userId, id);
        return storedFilesOf(photos);
      });
      // Files go after the commit: a failed delete leaves an orphan file, never a broken entry.
      await storage.delete(paths);
    },
  };
}

export type LocationService = ReturnType<typeof createLocationService>;
