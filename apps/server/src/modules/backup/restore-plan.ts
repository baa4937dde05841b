import type { RestoreSummary } from '@fj/contract/backup';
import { createPreferencesSchema, type Preferences } from '@fj/contract/preferences';
import type { Executor } from '../../db/executor.ts';
import type {
  EntriesTable,
  LocationsTable,
  PhotosTable,
  PreferencesTable,
} from '../../db/schema.ts';
import { entryRowOf, locationRowOf, type RowStamp } from '../../lib/imported-rows.ts';
import { newId } from '../../lib/new-id.ts';
import { defaultPreferencesRow, toPreferences } from '../preferences/mapping.ts';
import { IdSet } from './id-set.ts';
import { photoPath } from './manifest.ts';
import type { ProblemList } from './problem-list.ts';
import { restoreRepository } from './repository.ts';
import type { ReadSpot } from './journal-reading.ts';

/** A photo row to write once its file is made: where its photo is in the ZIP, which spot. */
export interface PlannedPhoto {
  row: PhotosTable;
  from: string;
  at: string;
}

/** The rows one batch of spots adds. */
export interface BatchPlan {
  locations: LocationsTable[];
  entries: EntriesTable[];
  photos: PlannedPhoto[];
}

/** `{user}/{id}.webp` → id: a photo keeps its id in its new account unless another has it. */
const photoIdOf = (key: string) => key.slice(key.indexOf('/') + 1).replace(/\.webp$/, '');

const unique = <T>(items: readonly T[]) => [...new Set(items)];

/**
 * Preferences merged into an account that has data: the backup's labels added to the account's.
 * A Map, then Object.fromEntries: a category called `__proto__` stays a key (assigning
 * `species['__proto__']` would set the object's prototype instead).
 */
function mergedPreferences(mine: Preferences, theirs: Preferences): Preferences {
  const species = new Map(Object.entries(mine.customSpecies));
  for (const [category, list] of Object.entries(theirs.customSpecies))
    species.set(category, unique([...(species.get(category) ?? []), ...list]));
  return {
    ...mine,
    customSpeciesCategories: unique([
      ...mine.customSpeciesCategories,
      ...theirs.customSpeciesCategories,
    ]),
    customSpecies: Object.fromEntries(species),
    customTerrainTypes: unique([...mine.customTerrainTypes, ...theirs.customTerrainTypes]),
    customTreeTypes: unique([...mine.customTreeTypes, ...theirs.customTreeTypes]),
  };
}

/**
 * What restoring the backup does for this user, decided a batch of spots at a time, each batch's
 * ids looked up in `db` (the transaction's, when restoring: the batches before it are written
 * by then). Into an account with no spots it is lossless: every id, date and photo is kept and
 * the preferences are the backup's. Into one with data it merges: a spot whose id the user had
 * is skipped with its entries; ids another user has get new ones, never overwritten.
 */
export class RestorePlan {
  readonly summary: RestoreSummary;
  /** Ids this restore has given out, so the backup's own repeats get new ones. */
  private readonly seen = new IdSet();
  /** The last spot's id as restored, or null when it was skipped: a slice continuing it goes there. */
  private lastSpot: string | null = null;

  constructor(
    private readonly stamp: RowStamp,
    /** Whether the account had no spots: the preferences become the backup's. */
    intoEmptyAccount: boolean,
    private readonly problems: ProblemList,
  ) {
    this.summary = {
      backup: { spots: 0, entries: 0, photos: 0 },
      added: { spots: 0, entries: 0, photos: 0 },
      skipped: { spots: 0, entries: 0, photos: 0 },
      newIds: 0,
      preferences: intoEmptyAccount,
    };
  }

  /**
   * The kept id, or a new one when another user (or this backup already) has it. Only the
   * backup's own repeats are counted in newIds: counting another account's ids would tell
   * anyone who sends a backup which ids exist on this server.
   */
  private idFor(given: string | undefined, taken: boolean): string {
    if (given && this.seen.has(given)) {
      this.summary.newIds += 1;
      return newId();
    }
    if (given && !taken) {
      this.seen.add(given);
      return given;
    }
    return newId();
  }

  /** An id of the backup the user already had (not one this restore wrote). */
  private usersOwn(given: string | undefined, owner: string | undefined): boolean {
    return given !== undefined && owner === this.stamp.userId && !this.seen.has(given);
  }

  /**
   * The rows of these spots (or slices of a large spot's entries), their ids looked up in as
   * few queries as the batch allows.
   */
  async batch(
    db: Executor,
    spots: readonly ReadSpot[],
    pause: () => Promise<void>,
  ): Promise<BatchPlan> {
    const { summary, stamp } = this;
    const spotIds = spots.flatMap(({ spot, continues }) =>
      spot.location.id && !continues ? [spot.location.id] : [],
    );
    const entryIds = spots.flatMap(({ spot }) => spot.entries.flatMap((e) => (e.id ? [e.id] : [])));
    const photoIds = spots.flatMap(({ spot }) =>
      spot.entries.flatMap((e) => e.photos.map((p) => photoIdOf(p.filePath))),
    );
    const spotOwners = await restoreRepository.locationOwners(db, spotIds, pause);
    const entryOwners = await restoreRepository.entryOwners(db, entryIds, pause);
    const takenPhotos = await restoreRepository.existingPhotoIds(db, photoIds, pause);
    const result: BatchPlan = { locations: [], entries: [], photos: [] };
    for (const { spot, continues } of spots) {
      await pause();
      const photoCount = spot.entries.reduce((n, e) => n + e.photos.length, 0);
      if (!continues) summary.backup.spots += 1;
      summary.backup.entries += spot.entries.length;
      summary.backup.photos += photoCount;
      if (!continues) {
        const given = spot.location.id;
        const spotOwner = given ? spotOwners.get(given) : undefined;
        if (this.usersOwn(given, spotOwner)) {
          summary.skipped.spots += 1;
          this.lastSpot = null;
        } else {
          this.lastSpot = this.idFor(given, spotOwner !== undefined);
          result.locations.push(locationRowOf(spot, this.lastSpot, stamp));
          summary.added.spots += 1;
        }
      }
      const id = this.lastSpot;
      if (id === null) {
        summary.skipped.entries += spot.entries.length;
        summary.skipped.photos += photoCount;
        continue;
      }
      for (const entry of spot.entries) {
        const { photos, ...fields } = entry;
        const entryId = fields.id;
        const owner = entryId ? entryOwners.get(entryId) : undefined;
        if (this.usersOwn(entryId, owner)) {
          // The user has this entry under another spot: it stays there, once.
          summary.skipped.entries += 1;
          summary.skipped.photos += photos.length;
          continue;
        }
        const newEntryId = this.idFor(entryId, owner !== undefined);
        result.entries.push(entryRowOf(fields, newEntryId, id, stamp));
        summary.added.entries += 1;
        for (const [position, photo] of photos.entries()) {
          const givenPhotoId = photoIdOf(photo.filePath);
          const photoId = this.idFor(givenPhotoId, takenPhotos.has(givenPhotoId));
          // Size, width, height and stored bytes are the re-encoded image's, set when it is made.
          result.photos.push({
            row: {
              id: photoId,
              user_id: stamp.userId,
              file_path: `${stamp.userId}/${photoId}.webp`,
              thumbnail_file_path: `${stamp.userId}/${photoId}-thumb.webp`,
              entry_id: newEntryId,
              position,
              name: photo.name,
              size: photo.size,
              width: photo.width,
              height: photo.height,
              uploaded_at: photo.uploadedAt,
              stored_bytes: 0,
            },
            from: photoPath(photo.filePath),
            at: spot.at,
          });
          summary.added.photos += 1;
        }
      }
    }
    return result;
  }

  /**
   * The preferences row to write, or undefined when the account keeps its own: its own id,
   * name and e-mail stay; the labels come from the backup (merged into an account with data).
   */
  preferences(
    current: PreferencesTable | undefined,
    theirs: Preferences,
  ): PreferencesTable | undefined {
    const { summary, stamp } = this;
    const base = current ?? defaultPreferencesRow(stamp.userId, stamp.revision);
    const mine = toPreferences(base);
    const wanted = summary.preferences
      ? { ...theirs, id: mine.id, name: mine.name, email: mine.email }
      : mergedPreferences(mine, theirs);
    const valid = createPreferencesSchema.safeParse(wanted);
    if (!valid.success) {
      summary.preferences = false;
      this.problems.push({
        at: 'preferences',
        message: 'too many labels to merge: the account keeps its own',
      });
      return undefined;
    }
    return {
      ...base,
      custom_species_categories: JSON.stringify(valid.data.customSpeciesCategories),
      custom_species: JSON.stringify(valid.data.customSpecies),
      custom_terrain_types: JSON.stringify(valid.data.customTerrainTypes),
      custom_tree_types: JSON.stringify(valid.data.customTreeTypes),
      show_tutorial: summary.preferences
        ? wanted.showTutorial
          ? 1
          : 0
        : (current?.show_tutorial ?? 1),
      updated_at: stamp.now,
      revision: stamp.revision,
    };
  }
}
