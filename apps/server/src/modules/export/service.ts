import type { Readable } from 'node:stream';
import { exportFileName, type ExportFormat, type Geoprivacy } from '@fj/contract/export';
import type { Db } from '../../db/executor.ts';
import type { EntriesTable, LocationsTable, PhotosTable } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { UrlSigner } from '../../storage/url-signer.ts';
import { toExportedLocations, type ExportedLocation } from './mapping.ts';
import { exportRepository as repo } from './repository.ts';
import { textStream } from './text-stream.ts';
import type { SpotPages } from './formats/spot-pages.ts';

export interface ExportServiceDeps {
  db: Db;
  signer: UrlSigner;
  /** Spots read per query; small enough that memory stays flat for any account. */
  pageSize?: number;
  /** Entries read per query: a page's spots may hold thousands. */
  entryPageSize?: number;
  /** Today in UTC as YYYY-MM-DD (the file's name); a parameter for the tests. */
  today?: () => string;
}

export interface ExportRequest {
  format: ExportFormat;
  /** Only these spots; ids that are not the user's are skipped. */
  ids?: readonly string[] | undefined;
  geoprivacy: Geoprivacy;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

const contentTypes: Record<ExportFormat, string> = {
  geojson: 'application/geo+json; charset=utf-8',
  gpx: 'application/gpx+xml; charset=utf-8',
  kml: 'application/vnd.google-earth.kml+xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8; header=present',
  inaturalist: 'text/csv; charset=utf-8; header=present',
};

type Writer = (pages: SpotPages, request: ExportRequest) => AsyncGenerator<string>;

/* Each format's writer and its library load with the first export of that format, not at start. */
const writers: Record<ExportFormat, () => Promise<Writer>> = {
  geojson: async () => (await import('./formats/geojson.ts')).geojson,
  gpx: async () => (await import('./formats/gpx.ts')).gpx,
  kml: async () => (await import('./formats/kml.ts')).kml,
  csv: async () => (await import('./formats/csv.ts')).csv,
  inaturalist: async () => {
    const { inaturalist } = await import('./formats/inaturalist.ts');
    return (pages, request) => inaturalist(pages, request.geoprivacy);
  },
};

/**
 * Exports (docs/files.md#export): the file is written while the spots are read, a page at a
 * time, and sent as it is written; the reply's back-pressure paces the reads, and the work
 * pauses every few milliseconds for other requests (text-stream.ts).
 */
export function createExportService({
  db,
  signer,
  pageSize = 100,
  entryPageSize = 500,
  today = () => new Date().toISOString().slice(0, 10),
}: ExportServiceDeps) {
  /**
   * The spots of one page of locations with their entries, read `entryPageSize` entries at a
   * time: each spot comes out whole, as soon as its last entry has been read, so a page whose
   * spots hold many entries comes out in several parts.
   */
  async function* withEntries(
    userId: string,
    rows: readonly LocationsTable[],
  ): AsyncGenerator<ExportedLocation[]> {
    const spotIds = rows.map((row) => row.id);
    let held: EntriesTable[] = [];
    let heldPhotos: PhotosTable[] = [];
    let written = 0;
    let after: EntriesTable | null = null;
    for (;;) {
      const entries = await repo.entryPage(db, userId, spotIds, after, entryPageSize);
      const photos = await repo.photosOf(
        db,
        userId,
        entries.map((entry) => entry.id),
      );
      held.push(...entries);
      heldPhotos.push(...photos);
      after = entries.at(-1) ?? null;
      const last = entries.length < entryPageSize || after === null;
      // Entries come by location in the locations' order: those before the last entry's are whole.
      const whole = last ? rows.length : spotIds.indexOf(after?.location_id ?? '');
      if (whole > written) {
        const ready = rows.slice(written, whole);
        const readyIds = new Set(ready.map((row) => row.id));
        const readyEntries = held.filter((entry) => readyIds.has(entry.location_id));
        yield toExportedLocations(ready, readyEntries, heldPhotos, signer);
        held = held.filter((entry) => !readyIds.has(entry.location_id));
        const heldIds = new Set(held.map((entry) => entry.id));
        heldPhotos = heldPhotos.filter((photo) => photo.entry_id && heldIds.has(photo.entry_id));
        written = whole;
      }
      if (last) return;
    }
  }

  function pagesOf(userId: string, ids: readonly string[] | undefined): SpotPages {
    return async function* pages({ withEntries: entriesToo = true } = {}) {
      let after: string | null = null;
      for (;;) {
        const rows = await repo.locationPage(db, userId, after, pageSize, ids);
        if (rows.length === 0) return;
        if (entriesToo) yield* withEntries(userId, rows);
        else yield toExportedLocations(rows, [], [], signer);
        if (rows.length < pageSize) return;
        after = rows[rows.length - 1]?.id ?? null;
      }
    };
  }

  return {
    /** The user's spots a page at a time (the backup writes them too). */
    pages: (userId: string): SpotPages => pagesOf(userId, undefined),

    /** The file, ready to stream; 404 when `ids` were given and none is one of the user's spots. */
    async open(userId: string, request: ExportRequest): Promise<ExportFile> {
      if (request.ids) {
        const found = await repo.locationPage(db, userId, null, 1, request.ids);
        if (found.length === 0) throw notFound('Location');
      }
      const write = await writers[request.format]();
      return {
        fileName: exportFileName(request.format, today()),
        contentType: contentTypes[request.format],
        body: textStream(write(pagesOf(userId, request.ids), request)),
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
