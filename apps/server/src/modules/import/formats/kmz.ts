import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { importError } from '../../../lib/import-error.ts';

export interface KmzLimits {
  /** Entries the archive may list (a KMZ holds a KML and a few images). */
  maxEntries: number;
  /** Bytes the KML may inflate to (IMPORT_MAX_MB): counted while inflating, not trusted. */
  maxBytes: number;
}

const notKmz = () => importError('The file is not a KMZ (a ZIP archive holding a .kml file)');

function open(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) =>
      error ? reject(notKmz()) : resolve(zip),
    );
  });
}

/** The archive's KML entry: doc.kml, else the first .kml at the top, else the first anywhere. */
function findKml(zip: ZipFile, maxEntries: number): Promise<Entry | undefined> {
  if (zip.entryCount > maxEntries) {
    zip.close();
    return Promise.reject(
      importError(`The KMZ has ${zip.entryCount} entries; at most ${maxEntries} are read`),
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

/** The entry's bytes, inflated no further than maxBytes (a zip bomb stops there, 413). */
function inflate(zip: ZipFile, entry: Entry, maxBytes: number): Promise<Buffer> {
  const tooBig = () =>
    importError(`The KML in the KMZ inflates past ${Math.round(maxBytes / 1024 / 1024)} MB`);
  if (entry.uncompressedSize > maxBytes) return Promise.reject(tooBig());
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(notKmz());
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          stream.destroy();
          reject(tooBig());
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', () => reject(notKmz()));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      return undefined;
    });
  });
}

/** The KML inside a KMZ, read with caps on entries and inflated size (docs/behaviour.md#import). */
export async function kmlOfKmz(bytes: Buffer, limits: KmzLimits): Promise<Buffer> {
  const zip = await open(bytes);
  try {
    const entry = await findKml(zip, limits.maxEntries);
    if (!entry) throw importError('The KMZ holds no .kml file');
    return await inflate(zip, entry, limits.maxBytes);
  } finally {
    zip.close();
  }
}
