/** The one function of vt-pbf (which ships no types) that the tile fixtures use. */
declare module 'vt-pbf' {
  /** geojson-vt's tile shape: type 1 point, 2 line, 3 polygon; coordinates in tile units (0–4096). */
  export interface GeojsonVtTile {
    features: {
      type: 1 | 2 | 3;
      geometry: [number, number][] | [number, number][][];
      tags: Record<string, string | number>;
    }[];
  }
  export function fromGeojsonVt(
    layers: Record<string, GeojsonVtTile>,
    options?: { version?: number; extent?: number },
  ): Uint8Array;
}
