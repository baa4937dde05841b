import { Readable } from 'node:stream';
import { exportFileName, type ExportFormat, type Geoprivacy } from '@fj/contract/export';
import type { Db } from '../../db/executor.ts';
import { notFound } from '../../errors.ts';
import type { UrlSigner } from '../../storage/url-signer.ts';
import { toExportedLocations, type ExportedLocation } from './mapping.ts';
import { exportRepository as repo } from './repository.ts';
import type { SpotPages } from './formats/spot-pages.ts';

export interface ExportServiceDeps {
  db: Db;
  signer: UrlSigner;
  /** Spots read per query; small enough that memory stays flat for any account. */
  pageSize?: number;
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
 * Exports (docs/behaviour.md#export): the file is written while the spots are read, a page at a
 * time, and sent as it is written; the reply's back-pressure paces the reads.
 */
export function createExportService({
  db,
  signer,
  pageSize = 100,
  today = () => new Date().toISOString().slice(0, 10),
}: ExportServiceDeps) {
  function pagesOf(userId: string, ids: readonly string[] | undefined): SpotPages {
    return async function* pages({ withEntries = true } = {}) {
      let after: string | null = null;
      for (;;) {
        const rows = await repo.locationPage(db, userId, after, pageSize, ids);
        if (rows.length === 0) return;
        const spotIds = rows.map((row) => row.id);
        const [entries, photos] = withEntries
          ? await Promise.all([
              repo.entriesOf(db, userId, spotIds),
              repo.photosOf(db, userId, spotIds),
            ])
          : [[], []];
        const page: ExportedLocation[] = toExportedLocations(rows, entries, photos, signer);
        yield page;
        if (rows.length < pageSize) return;
        after = spotIds[spotIds.length - 1] ?? null;
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
        body: Readable.from(write(pagesOf(userId, request.ids), request)),
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
