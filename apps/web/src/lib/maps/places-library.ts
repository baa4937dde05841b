/** One line of the place-search list: a geocoded place or one of the user's own spots. */
export interface PlaceResult {
  key: string;
  label: string;
  /** A second, quieter line: region/country for places, "Your spot" for own locations. */
  detail: string;
  lat: number;
  lng: number;
  /** Set for the user's own spots: picking one selects it. */
  locationId?: string;
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : '');

/** Photon answers GeoJSON; anything without a name and a usable point is skipped. */
export function parsePhotonResults(body: unknown): PlaceResult[] {
  if (!isObject(body) || !Array.isArray(body.features)) return [];
  const results: PlaceResult[] = [];
  body.features.forEach((feature: unknown, index) => {
    if (!isObject(feature) || !isObject(feature.geometry)) return;
    const coordinates = feature.geometry.coordinates;
    if (!Array.isArray(coordinates)) return;
    const [lng, lat] = coordinates as unknown[];
    if (typeof lat !== 'number' || typeof lng !== 'number') return;
    const p = isObject(feature.properties) ? feature.properties : {};
    const street = [str(p.street), str(p.housenumber)].filter(Boolean).join(' ');
    const label = str(p.name) || street || str(p.city);
    if (!label) return;
    const detail = [str(p.city), str(p.state), str(p.country)]
      .filter((part, i, all) => part && part !== label && all.indexOf(part) === i)
      .join(', ');
    results.push({ key: `place-${index}-${lat}-${lng}`, label, detail, lat, lng });
  });
  return results;
}

/** GET {geocoderUrl}?q=…&limit=5; an abort rejects with the AbortError so callers can ignore it. */
async function searchPlaces(
  geocoderUrl: string,
  query: string,
  signal: AbortSignal,
): Promise<PlaceResult[]> {
  const url = new URL(geocoderUrl, window.location.href);
  url.searchParams.set('q', query);
  url.searchParams.set('limit', '5');
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Place search answered ${response.status}`);
  return parsePhotonResults(await response.json());
}

/** The "places" library: place search through the Photon-compatible geocoder of /api/config. */
export const placesLibrary = { searchPlaces };
export type PlacesLibrary = typeof placesLibrary;
