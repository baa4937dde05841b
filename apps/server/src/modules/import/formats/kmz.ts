import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../../errors.ts';
import { importError } from '../../../lib/import-error.ts';
import { importLimits } from '../limits.ts';

export interface KmzLimits {
  /** Bytes the KML may inflate to (IMPORT_MAX_MB): its declared size, then the bytes counted. */
  maxBytes: number;
}

const notKmz = () => importError('The file is not a KMZ (a ZIP archive holding a .kml file)');

function open(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error ? reject(notKmz()) : resolve(zip),
    );
  });
}

/** The archive's KML entry: doc.kml, else the first .kml at the top, else the first anywhere. */
function findKml(zip: ZipFile): Promise<Entry | undefined> {
  if (zip.entryCount > importLimits.kmzEntries) {
    return Promise.reject(
      importError(
        `The KMZ has ${zip.entryCount} entries; at most ${importLimits.kmzEntries} are read`,
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const found: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      if (entry.fileName.toLowerCase().endsWith('.kml')) found.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => {
      const byDepth = (e: Entry) =>
        e.fileName.toLowerCase() === 'doc.kml' ? 0 : e.fileName.split('/').length;
      resolve(found.sort((a, b) => byDepth(a) - byDepth(b))[0]);
    });
    zip.on('error', () => reject(notKmz()));
    zip.readEntry();
  });
}

function readStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(notKmz()) : resolve(stream)));
  });
}

/**
 * The entry's bytes as they inflate, stopped (413) at the first limit crossed: the size it
 * declares, then the bytes counted against IMPORT_MAX_MB and against its compressed size times
 * importLimits.kmzRatio (a zip bomb stops within a few chunks, before anything parses much).
 */
async function* inflated(zip: ZipFile, entry: Entry, maxBytes: number): AsyncGenerator<Buffer> {
  const pastMax = () =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `The KML in the KMZ inflates past ${Math.round(maxBytes / 1024 / 1024)} MB`,
    );
  const pastRatio = () =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `The KML in the KMZ inflates to more than ${importLimits.kmzRatio} times its compressed size`,
    );
  const ratioCap = Math.max(
    importLimits.kmzRatioFrom,
    entry.compressedSize * importLimits.kmzRatio,
  );
  if (entry.uncompressedSize > maxBytes) throw pastMax();
  if (entry.uncompressedSize > ratioCap) throw pastRatio();
  const stream = await readStream(zip, entry);
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw pastMax();
      if (size > ratioCap) throw pastRatio();
      yield chunk;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notKmz();
  } finally {
    stream.destroy();
  }
}

/**
 * The KML inside a KMZ file, streamed with caps on entries and on the inflated size and ratio
 * (docs/files.md#import). The archive closes once the KML has been read (or refused).
 */
export async function* kmlOfKmz(file: string, limits: KmzLimits): AsyncGenerator<Buffer> {
  const zip = await open(file);
  try {
    const entry = await findKml(zip);
    if (!entry) throw importError('The KMZ holds no .kml file');
    yield* inflated(zip, entry, limits.maxBytes);
  } finally {
    zip.close();
  }
}
