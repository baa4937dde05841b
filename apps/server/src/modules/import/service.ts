import { createReadStream } from 'node:fs';
import type { ImportFormat, ImportPreview, ImportResult } from '@fj/contract/import';
import type { Db, Executor } from '../../db/executor.ts';
import type { EntriesTable, LocationsTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowIso } from '../../lib/json.ts';
import { newId } from '../../lib/new-id.ts';
import { previewSpots } from './preview-spots.ts';
import { journalBytesOf } from '../../journal-quota/measure.ts';
import type { JournalQuota } from '../../journal-quota/service.ts';
import { syncRepository } from '../sync/repository.ts';
import { importError } from '../../lib/import-error.ts';
import { importRepository as repo } from './repository.ts';
import { entryRowOf, locationRowOf, type RowStamp } from '../../lib/imported-rows.ts';
import { csvColumns, type CsvMapping } from './formats/csv-columns.ts';
import { createPace, type Pace, type ProblemList, type ReadFile } from './reading.ts';
import type { ImportedSpot } from '../../lib/imported-spot.ts';

export interface ImportServiceDeps {
  db: Db;
  /** QUOTA_LOCATIONS_PER_USER and QUOTA_ENTRIES_PER_LOCATION. */
  maxLocationsPerUser: number;
  maxEntriesPerLocation: number;
  /** QUOTA_JOURNAL_BYTES_PER_USER. */
  journal: JournalQuota;
  /** IMPORT_MAX_MB in bytes: what a KMZ's KML may inflate to, as a file may be sent. */
  maxBytes: number;
}

/** An imported spot within this many metres of one of the user's with the same name is the same. */
export const duplicateDistanceMetres = 10;

type Reader = (
  source: AsyncIterable<Buffer>,
  pace: Pace,
  mapping?: CsvMapping,
) => Promise<ReadFile>;
/* Each format's reader loads with its first import, not at start. */
const readers: Record<Exclude<ImportFormat, 'kmz'>, () => Promise<Reader>> = {
  geojson: async () => (await import('./formats/geojson.ts')).readGeojson,
  gpx: async () => (await import('./formats/gpx.ts')).readGpx,
  kml: async () => (await import('./formats/kml.ts')).readKml,
  csv: async () => (await import('./formats/csv.ts')).readCsv,
};

/** A Map, not an object: a file named `x.constructor` or `x.__proto__` must find nothing. */
const extensions = new Map<string, ImportFormat>([
  ['geojson', 'geojson'],
  ['json', 'geojson'],
  ['gpx', 'gpx'],
  ['kml', 'kml'],
  ['kmz', 'kmz'],
  ['csv', 'csv'],
]);

/** The format named, else the one the file name's extension tells; 400 when neither does. */
export function formatOf(format: ImportFormat | undefined, filename: string | undefined) {
  if (format) return format;
  const extension = filename?.toLowerCase().split('.').pop();
  const found = extension ? extensions.get(extension) : undefined;
  if (!found)
    throw importError(
      'Say the file format: format=geojson, gpx, kml, kmz or csv, or a file name ending in .geojson, .gpx, .kml, .kmz or .csv',
    );
  return found;
}

/** The CSV column mapping (JSON: our column → the file's), 400 unless it is one. */
export function csvMappingOf(text: string | undefined): CsvMapping {
  if (text === undefined) return {};
  let mapping: unknown;
  try {
    mapping = JSON.parse(text);
  } catch {
    throw importError('mapping: not JSON');
  }
  if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping))
    throw importError('mapping: not a JSON object');
  const known = new Set<string>(csvColumns);
  // Own keys only, checked against a Set: `toString` or `__proto__` is an unknown column, 400.
  for (const [column, theirs] of Object.entries(mapping)) {
    if (!known.has(column)) throw importError(`mapping: ${column} is not one of our columns`);
    if (typeof theirs !== 'string') throw importError(`mapping: ${column} must name a column`);
  }
  return mapping as CsvMapping;
}

/** Great-circle distance in metres (haversine; exact enough at 10 m). */
function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/**
 * The file as a request gives it: where it was spooled (read from there as a stream), its
 * format, and for a CSV the column mapping.
 */
export interface ImportFile {
  format: ImportFormat;
  path: string;
  mapping?: CsvMapping;
}

interface Plan {
  locations: LocationsTable[];
  entries: EntriesTable[];
  duplicates: number;
  problems: ProblemList;
}

/**
 * What an import of these spots does for this user, read from `db` (the transaction's, when
 * importing): a spot whose id is one of the user's, or named the same within 10 m of one, is a
 * duplicate and skipped; an id that is another user's is replaced by a new one, never reused.
 */
async function plan(
  db: Executor,
  userId: string,
  parsed: ReadFile,
  revision: number,
  maxEntriesPerLocation: number,
  pace: Pace,
): Promise<Plan> {
  const problems = parsed.problems;
  const spotIds = parsed.spots.flatMap((spot) => (spot.location.id ? [spot.location.id] : []));
  const entryIds = parsed.spots.flatMap((spot) =>
    spot.entries.flatMap((e) => (e.id ? [e.id] : [])),
  );
  const [owners, takenEntries, sameNamed] = await Promise.all([
    repo.locationOwners(db, spotIds),
    repo.existingEntryIds(db, entryIds),
    repo.namedLike(db, userId, [...new Set(parsed.spots.map((spot) => spot.location.name))]),
  ]);
  const stamp: RowStamp = { userId, now: nowIso(), revision };
  const seenIds = new Set<string>();
  const result: Plan = { locations: [], entries: [], duplicates: 0, problems };
  // Where the spots of each name are: the user's, then those this import adds.
  const placesByName = new Map<string, { lat: number; lng: number }[]>();
  const addPlace = (name: string, place: { lat: number; lng: number }) => {
    const places = placesByName.get(name);
    if (places) places.push(place);
    else placesByName.set(name, [place]);
  };
  for (const row of sameNamed) addPlace(row.name, { lat: Number(row.lat), lng: Number(row.lng) });
  const isDuplicate = (spot: ImportedSpot): boolean => {
    const id = spot.location.id;
    if (id && (owners.get(id) === userId || seenIds.has(id))) return true;
    return (placesByName.get(spot.location.name) ?? []).some(
      (place) => metresBetween(place, spot.location.position) <= duplicateDistanceMetres,
    );
  };
  for (const spot of parsed.spots) {
    await pace();
    if (isDuplicate(spot)) {
      result.duplicates += 1;
      continue;
    }
    if (spot.entries.length > maxEntriesPerLocation) {
      problems.push({
        at: spot.at,
        message: `more than ${maxEntriesPerLocation} entries: a spot may have no more`,
      });
      continue;
    }
    addPlace(spot.location.name, spot.location.position);
    const given = spot.location.id;
    if (given) seenIds.add(given);
    const id = given && !owners.has(given) ? given : newId();
    result.locations.push(locationRowOf(spot, id, stamp));
    for (const entry of spot.entries) {
      const entryId = entry.id;
      const keep = entryId && !takenEntries.has(entryId) && !seenIds.has(entryId);
      if (entryId) seenIds.add(entryId);
      result.entries.push(entryRowOf(entry, keep ? entryId : newId(), id, stamp));
    }
  }
  return result;
}

/** Imports (docs/files.md#import): a preview that writes nothing, and the import itself. */
export function createImportService({
  db,
  maxLocationsPerUser,
  maxEntriesPerLocation,
  journal,
  maxBytes,
}: ImportServiceDeps) {
  /** The file read as it streams from disk, within importLimits (limits.ts). */
  async function read({ format, path, mapping }: ImportFile, pace: Pace): Promise<ReadFile> {
    if (format === 'kmz') {
      const { kmlOfKmz } = await import('./formats/kmz.ts');
      return (await readers.kml())(kmlOfKmz(path, { maxBytes }), pace);
    }
    const reader = await readers[format]();
    return reader(createReadStream(path, { highWaterMark: 16 * 1024 }), pace, mapping);
  }

  return {
    async preview(userId: string, file: ImportFile): Promise<ImportPreview> {
      const pace = createPace();
      const parsed = await read(file, pace);
      const planned = await plan(db, userId, parsed, 0, maxEntriesPerLocation, pace);
      return {
        create: { spots: planned.locations.length, entries: planned.entries.length },
        ...previewSpots(planned.locations, planned.entries),
        duplicates: planned.duplicates,
        ...planned.problems.answer(),
      };
    },

    /** One transaction: every new spot and entry, or (on any failure) nothing. */
    async run(userId: string, file: ImportFile): Promise<ImportResult> {
      const pace = createPace();
      const parsed = await read(file, pace);
      return db.transaction().execute(async (trx) => {
        // The bump holds the user's revision row until commit: a concurrent import of this user
        // waits, then sees this one's spots as duplicates.
        const revision = await syncRepository.bump(trx, userId);
        const planned = await plan(trx, userId, parsed, revision, maxEntriesPerLocation, pace);
        const count = await repo.countLocations(trx, userId);
        if (count + planned.locations.length > maxLocationsPerUser) {
          throw new AppError(
            'QUOTA_EXCEEDED',
            `You have reached the limit of ${maxLocationsPerUser} locations for one account`,
          );
        }
        await journal.charge(trx, userId, journalBytesOf(planned.locations, planned.entries));
        await repo.insertLocations(trx, planned.locations, pace);
        await repo.insertEntries(trx, planned.entries, pace);
        return {
          created: { spots: planned.locations.length, entries: planned.entries.length },
          duplicates: planned.duplicates,
          ...planned.problems.answer(),
        };
      });
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
