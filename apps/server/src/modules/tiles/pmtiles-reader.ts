import { open, type FileHandle } from 'node:fs/promises';
import {
  Compression,
  findTile,
  PMTiles,
  readVarint,
  ResolvedValueCache,
  TileType,
  zxyToTileId,
  type Header,
  type RangeResponse,
  type Source,
} from 'pmtiles';
import {
  BadTileFile,
  gunzipBounded,
  maxPartBytes,
  metadataText,
  readVectorLayers,
  type StoredTile,
  type TileFormat,
  type TileReader,
  type TileSetInfo,
} from './tile-set.ts';

/** The pmtiles package's Source over a local file: byte ranges read from one open handle. */
class LocalFileSource implements Source {
  constructor(
    private readonly handle: FileHandle,
    private readonly key: string,
  ) {}
  getKey(): string {
    return this.key;
  }
  /**
   * Bytes as a Buffer of their own (the tiles are sent from it as they are); fewer at the end of
   * the file. A length past maxPartBytes is a corrupt directory entry, never allocated.
   */
  async read(offset: number, length: number): Promise<Buffer> {
    if (length > maxPartBytes)
      throw new BadTileFile(`a part of ${length} bytes (more than ${maxPartBytes})`);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset);
    return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const bytes = await this.read(offset, length);
    return { data: new Uint8Array(bytes).buffer };
  }
}

const formatOf: Partial<Record<TileType, TileFormat>> = {
  [TileType.Mvt]: 'pbf',
  [TileType.Png]: 'png',
  [TileType.Jpeg]: 'jpg',
  [TileType.Webp]: 'webp',
  [TileType.Avif]: 'avif',
};

/** The metadata, as stored or inflated (gzip, in most archives), up to maxPartBytes. */
async function inflate(data: ArrayBuffer, compression: Compression): Promise<ArrayBuffer> {
  if (compression === Compression.None || compression === Compression.Unknown) return data;
  if (compression === Compression.Gzip)
    return new Uint8Array(gunzipBounded(new Uint8Array(data), 'a PMTiles section')).buffer;
  throw new BadTileFile(`PMTiles compression ${Compression[compression]} is not supported`);
}

/**
 * A directory, inflated, whose entry count its bytes can hold (each entry takes at least four
 * bytes): the pmtiles package makes an object per counted entry before it finds the bytes
 * missing, which a corrupt count would turn into gigabytes.
 */
async function inflateDirectory(data: ArrayBuffer, compression: Compression): Promise<ArrayBuffer> {
  const bytes = await inflate(data, compression);
  const count = bytes.byteLength > 0 ? readVarint({ buf: new Uint8Array(bytes), pos: 0 }) : 0;
  if (count * 4 > bytes.byteLength)
    throw new BadTileFile(
      `a PMTiles directory counts ${count} entries in ${bytes.byteLength} bytes`,
    );
  return bytes;
}

/** The header's sections within the file, the root in its first 16 kB (as the spec has it). */
function checkSections(header: Header, size: number): void {
  if (header.specVersion !== 3)
    throw new BadTileFile(`PMTiles spec version ${header.specVersion} (only 3 is read)`);
  const sections: [string, number, number][] = [
    ['root directory', header.rootDirectoryOffset, header.rootDirectoryLength],
    ['metadata', header.jsonMetadataOffset, header.jsonMetadataLength],
    ['leaf directories', header.leafDirectoryOffset, header.leafDirectoryLength ?? 0],
    ['tile data', header.tileDataOffset, header.tileDataLength ?? 0],
  ];
  for (const [name, offset, length] of sections)
    if (offset + length > size)
      throw new BadTileFile(`the PMTiles ${name} end past the file's ${size} bytes`);
  if (header.rootDirectoryOffset + header.rootDirectoryLength > 16_384)
    throw new BadTileFile('the PMTiles root directory is not within the first 16 kB');
  if (header.jsonMetadataLength > maxPartBytes)
    throw new BadTileFile(`PMTiles metadata of ${header.jsonMetadataLength} bytes`);
}

/** Most directory lookups walk the root and one leaf; 3 is the spec's deepest. */
const maxDirectoryDepth = 3;

/** The deepest zoom whose tile ids the pmtiles package computes (zxyToTileId throws past it). */
const maxTileIdZoom = 26;

/**
 * A PMTiles v3 file, kept open. The pmtiles package reads the header, metadata and directories
 * (cached); the tile's bytes are read here as stored, so a gzipped vector tile goes out with
 * Content-Encoding: gzip instead of being unpacked and packed again. Opening checks the header
 * against the file's size and reads the root directory and the metadata, so a bad file is
 * refused here (BadTileFile), not at a request; a leaf directory or tile found bad later throws
 * BadTileFile too.
 */
export async function openPmtiles(file: string): Promise<TileReader> {
  const handle = await open(file, 'r');
  const source = new LocalFileSource(handle, file);
  // The cache without abort signals: a local read is never cancelled, and tracking a signal per
  // lookup cost a good part of a tile (bench: tiles).
  const archive = new PMTiles(source, new ResolvedValueCache(100, true, inflateDirectory), inflate);
  const badFile = (error: unknown) =>
    error instanceof BadTileFile ? error : new BadTileFile(String(error));
  try {
    const { size } = await handle.stat();
    if (size < 127) throw new BadTileFile(`${size} bytes, less than a PMTiles header`);
    const header = await archive.getHeader().catch((error: unknown) => {
      throw badFile(error);
    });
    checkSections(header, size);
    const format = formatOf[header.tileType];
    if (!format) throw new BadTileFile(`PMTiles tile type ${header.tileType} is not served`);
    if (header.tileCompression !== Compression.None && header.tileCompression !== Compression.Gzip)
      throw new BadTileFile(`tiles compressed with ${Compression[header.tileCompression]}`);
    const gzip = header.tileCompression === Compression.Gzip;
    const metadata: unknown = await archive.getMetadata().catch((error: unknown) => {
      throw badFile(error);
    });
    const info: TileSetInfo = {
      format,
      minzoom: header.minZoom,
      maxzoom: header.maxZoom,
      bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
      center: [header.centerLon, header.centerLat, header.centerZoom],
      vectorLayers: format === 'pbf' ? readVectorLayers(metadata) : [],
      attribution: metadataText(metadata, 'attribution'),
      description: metadataText(metadata, 'description'),
    };

    const directory = (offset: number, length: number) =>
      archive.cache.getDirectory(source, offset, length, header).catch((error: unknown) => {
        throw badFile(error);
      });

    return {
      info: () => Promise.resolve(info),
      async tile(z, x, y): Promise<StoredTile | undefined> {
        if (z < header.minZoom || z > header.maxZoom || z > maxTileIdZoom) return undefined;
        const tileId = zxyToTileId(z, x, y);
        let offset = header.rootDirectoryOffset;
        let length = header.rootDirectoryLength;
        for (let depth = 0; depth <= maxDirectoryDepth; depth++) {
          const entry = findTile(await directory(offset, length), tileId);
          if (!entry) return undefined;
          if (entry.runLength > 0) {
            const data = await source.read(header.tileDataOffset + entry.offset, entry.length);
            if (data.length !== entry.length)
              throw new BadTileFile(`a tile ends past the end of the file`);
            return { data, gzip };
          }
          offset = header.leafDirectoryOffset + entry.offset;
          length = entry.length;
        }
        throw new BadTileFile('PMTiles directories nest deeper than the spec allows');
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
