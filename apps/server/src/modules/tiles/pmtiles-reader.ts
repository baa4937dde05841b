import { open, type FileHandle } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import {
  Compression,
  findTile,
  PMTiles,
  ResolvedValueCache,
  TileType,
  zxyToTileId,
  type RangeResponse,
  type Source,
} from 'pmtiles';
import {
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
  /** Bytes as a Buffer of their own (the tiles are sent from it as they are). */
  async read(offset: number, length: number): Promise<Buffer> {
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

/** Directories and metadata are gzipped in most archives; Node's zlib unpacks them. */
async function decompress(data: ArrayBuffer, compression: Compression): Promise<ArrayBuffer> {
  if (compression === Compression.None || compression === Compression.Unknown) return data;
  if (compression === Compression.Gzip) return new Uint8Array(gunzipSync(Buffer.from(data))).buffer;
  throw new Error(`PMTiles compression ${Compression[compression]} is not supported`);
}

/** Most directory lookups walk the root and one leaf; 3 is the spec's deepest. */
const maxDirectoryDepth = 3;

/**
 * A PMTiles v3 file, kept open. The pmtiles package reads the header, metadata and directories
 * (cached); the tile's bytes are read here as stored, so a gzipped vector tile goes out with
 * Content-Encoding: gzip instead of being unpacked and packed again.
 */
export async function openPmtiles(file: string): Promise<TileReader> {
  const handle = await open(file, 'r');
  const source = new LocalFileSource(handle, file);
  // The cache without abort signals: a local read is never cancelled, and tracking a signal per
  // lookup cost a good part of a tile (bench: tiles).
  const archive = new PMTiles(source, new ResolvedValueCache(100, true, decompress), decompress);
  try {
    const header = await archive.getHeader();
    const format = formatOf[header.tileType];
    if (!format) throw new Error(`${file}: PMTiles tile type ${header.tileType} is not served`);
    if (header.tileCompression !== Compression.None && header.tileCompression !== Compression.Gzip)
      throw new Error(`${file}: tiles compressed with ${Compression[header.tileCompression]}`);
    const gzip = header.tileCompression === Compression.Gzip;

    let info: Promise<TileSetInfo> | undefined;
    return {
      info: () =>
        (info ??= archive.getMetadata().then((metadata) => ({
          format,
          minzoom: header.minZoom,
          maxzoom: header.maxZoom,
          bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
          center: [header.centerLon, header.centerLat, header.centerZoom],
          vectorLayers: format === 'pbf' ? readVectorLayers(metadata) : [],
          attribution: metadataText(metadata, 'attribution'),
          description: metadataText(metadata, 'description'),
        }))),
      async tile(z, x, y): Promise<StoredTile | undefined> {
        if (z < header.minZoom || z > header.maxZoom) return undefined;
        const tileId = zxyToTileId(z, x, y);
        let offset = header.rootDirectoryOffset;
        let length = header.rootDirectoryLength;
        for (let depth = 0; depth <= maxDirectoryDepth; depth++) {
          const directory = await archive.cache.getDirectory(source, offset, length, header);
          const entry = findTile(directory, tileId);
          if (!entry) return undefined;
          if (entry.runLength > 0) {
            const data = await source.read(header.tileDataOffset + entry.offset, entry.length);
            return { data, gzip };
          }
          offset = header.leafDirectoryOffset + entry.offset;
          length = entry.length;
        }
        throw new Error(`${file}: PMTiles directories nest deeper than the spec allows`);
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
