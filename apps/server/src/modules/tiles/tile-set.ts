import { gunzipSync } from 'node:zlib';

/** What every reader of a tile file answers, whatever its format (PMTiles or MBTiles). */

export type TileFormat = 'png' | 'jpg' | 'webp' | 'avif' | 'pbf';

export const contentTypeOf: Record<TileFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  pbf: 'application/vnd.mapbox-vector-tile',
};

export interface VectorLayer {
  id: string;
  fields: Record<string, string>;
  minzoom?: number;
  maxzoom?: number;
}

/** The file's description, as TileJSON and the style need it. */
export interface TileSetInfo {
  format: TileFormat;
  minzoom: number;
  maxzoom: number;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
  /** [longitude, latitude, zoom]. */
  center: [number, number, number];
  /** The layers of a vector file (empty for raster files). */
  vectorLayers: VectorLayer[];
  attribution?: string;
  description?: string;
}

/** One tile as stored: gzip says the bytes are a gzip stream (vector tiles usually are). */
export interface StoredTile {
  data: Buffer;
  gzip: boolean;
}

export interface TileReader {
  info(): Promise<TileSetInfo>;
  /** The tile at z/x/y (XYZ scheme, y from the north), or undefined when the file has none. */
  tile(z: number, x: number, y: number): Promise<StoredTile | undefined>;
  close(): Promise<void>;
}

export const worldBounds: TileSetInfo['bounds'] = [-180, -85.0511, 180, 85.0511];

/**
 * A file that is not a tile file we can serve: corrupt, truncated, or a part of it bigger than
 * the limits below. The service refuses such a file (logged once) until it changes.
 */
export class BadTileFile extends Error {}

/**
 * The most the server reads or inflates of one part of a tile file: a directory, the metadata,
 * a tile. Real ones are far smaller (a planet's leaf directories are a few hundred kB, vector
 * tiles under 1 MB); a gzip bomb stops here instead of filling memory.
 */
export const maxPartBytes = 8 * 1024 * 1024;

/** Gzip inflated up to maxPartBytes; past that, or corrupt, a BadTileFile naming `what`. */
export function gunzipBounded(data: Uint8Array, what: string): Buffer {
  try {
    return gunzipSync(data, { maxOutputLength: maxPartBytes });
  } catch (error) {
    const tooBig = (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE';
    throw new BadTileFile(
      tooBig
        ? `${what} inflates past ${maxPartBytes} bytes`
        : `${what} is not valid gzip (${(error as Error).message})`,
    );
  }
}

/** A gzip stream starts with 1f 8b. */
export const isGzip = (data: Uint8Array) => data.length > 2 && data[0] === 0x1f && data[1] === 0x8b;

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

const numberOr = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** Reads `vector_layers` out of a metadata object, keeping only well-formed entries. */
export function readVectorLayers(metadata: unknown): VectorLayer[] {
  const layers = asRecord(metadata)?.vector_layers;
  if (!Array.isArray(layers)) return [];
  return layers.flatMap((entry: unknown): VectorLayer[] => {
    const layer = asRecord(entry);
    if (typeof layer?.id !== 'string') return [];
    const fields = Object.entries(asRecord(layer.fields) ?? {}).filter(
      (field): field is [string, string] => typeof field[1] === 'string',
    );
    return [
      {
        id: layer.id,
        fields: Object.fromEntries(fields),
        minzoom: numberOr(layer.minzoom),
        maxzoom: numberOr(layer.maxzoom),
      },
    ];
  });
}

/** A text member of a metadata object, if it is one. */
export function metadataText(metadata: unknown, key: string): string | undefined {
  const value = asRecord(metadata)?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
