import { printable } from './cheap-checks.ts';
import type { Entry } from './entries.ts';
import { findUnits, type Find } from './finds.ts';
import { limits } from './limits.ts';
import { accessStatuses, locationListReadingSchema, type Location } from './locations.ts';
import type { PhotoEntry } from './photos.ts';
import { isRecord, type Reading, type ReadingResult } from './reading.ts';

/*
 * GET /locations as the web app reads it, by hand: the same answers as
 * locationListReadingSchema (`{ data: [...] }` or a bare list of whole locations), read field by
 * field. The list of a keen forager holds thousands of locations and tens of thousands of
 * entries, and zod without generated code (the browser's Content-Security-Policy forbids it)
 * took a good part of the map's first draw. It accepts exactly what the schema
 * accepts and answers the same values (members the schema does not declare are left out). An
 * answer it refuses, which should never come, goes through the schema itself, so the error
 * names the same place and says the same as the schema's. A property test holds the two
 * together (packages/contract/test/location-reading.test.ts): a field added to the schema must
 * be added here.
 */

/** What any mismatch throws (made once: a refusal needs no account, the schema gives it). */
export class NotAList extends Error {}
const mismatch = new NotAList('not a list of whole locations');
function fail(): never {
  throw mismatch;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : fail());
const optionalText = (value: unknown): string | undefined =>
  value === undefined ? undefined : text(value);
const finite = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fail();
const within = (value: unknown, bound: number): number => {
  const number = finite(value);
  return number >= -bound && number <= bound ? number : fail();
};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : fail());
const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : fail());

/** Each item read, holes too (as undefined, as zod reads them; Array.map would skip them). */
function each<T>(value: unknown, read: (item: unknown) => T): T[] {
  const items = list(value);
  const answer = new Array<T>(items.length);
  for (let index = 0; index < items.length; index++) answer[index] = read(items[index]);
  return answer;
}

function texts(value: unknown): string[] {
  const items = list(value);
  for (const item of items) if (typeof item !== 'string') fail();
  return items as string[];
}
const optionalTexts = (value: unknown): string[] | undefined =>
  value === undefined ? undefined : texts(value);

/** Puts only the members that are there: an absent optional stays absent, as zod leaves it. */
function withOptional<T extends object>(target: T, key: string, value: unknown): void {
  if (value !== undefined) (target as Record<string, unknown>)[key] = value;
}

function vertex(value: unknown): [number, number] {
  const pair = list(value);
  if (pair.length !== 2) fail();
  return [within(pair[0], 180), within(pair[1], 90)];
}

function polygon(value: unknown): NonNullable<Location['area']> {
  const area = record(value);
  if (area.type !== 'Polygon') fail();
  const rings = list(area.coordinates);
  if (rings.length < 1 || rings.length > limits.patchRings) fail();
  const coordinates = each(rings, (ringValue) => {
    const ring = each(ringValue, vertex);
    if (ring.length < 4 || ring.length > limits.patchVertices) fail();
    // The schema's own test of a closed ring.
    if (ring[0]?.join() !== ring[ring.length - 1]?.join()) fail();
    return ring;
  });
  return { type: 'Polygon', coordinates };
}

const statuses: ReadonlySet<unknown> = new Set(accessStatuses);

function access(value: unknown): NonNullable<Location['access']> {
  const given = record(value);
  if (!statuses.has(given.status)) fail();
  const answer: NonNullable<Location['access']> = {
    status: given.status as (typeof accessStatuses)[number],
  };
  if (given.note !== undefined) {
    const note = text(given.note);
    if (note.length > limits.accessNoteLength || !printable(note)) fail();
    answer.note = note;
  }
  return answer;
}

function photo(value: unknown): PhotoEntry {
  const given = record(value);
  const answer: PhotoEntry = {
    url: text(given.url),
    filePath: text(given.filePath),
    thumbnailFilePath: text(given.thumbnailFilePath),
    name: text(given.name),
    size: finite(given.size),
    width: finite(given.width),
    height: finite(given.height),
    uploadedAt: text(given.uploadedAt),
  };
  withOptional(answer, 'thumbnailUrl', optionalText(given.thumbnailUrl));
  return answer;
}

const units: ReadonlySet<unknown> = new Set(findUnits);

function find(value: unknown): Find {
  const given = record(value);
  const answer: Find = { species: text(given.species) };
  if (given.quantity !== undefined) {
    answer.quantity = given.quantity === null ? null : finite(given.quantity);
  }
  if (given.unit !== undefined) {
    if (given.unit !== null && !units.has(given.unit)) fail();
    answer.unit = given.unit as Find['unit'];
  }
  return answer;
}

function entry(value: unknown): Entry {
  const given = record(value);
  const answer: Entry = {
    id: text(given.id),
    locationId: text(given.locationId),
    date: text(given.date),
    finds: each(given.finds, find),
    photos: each(given.photos, photo),
    createdAt: text(given.createdAt),
    updatedAt: text(given.updatedAt),
  };
  withOptional(answer, 'species', optionalTexts(given.species));
  if (given.nothingFound !== undefined) {
    if (typeof given.nothingFound !== 'boolean') fail();
    answer.nothingFound = given.nothingFound;
  }
  if (given.abundance !== undefined) answer.abundance = finite(given.abundance);
  withOptional(answer, 'notes', optionalText(given.notes));
  withOptional(answer, 'weather', optionalText(given.weather));
  return answer;
}

function location(value: unknown): Location {
  const given = record(value);
  const position = record(given.position);
  if (typeof given.favorite !== 'boolean') fail();
  const answer: Location = {
    id: text(given.id),
    name: text(given.name),
    position: { lat: within(position.lat, 90), lng: within(position.lng, 180) },
    favorite: given.favorite,
    createdAt: text(given.createdAt),
    updatedAt: text(given.updatedAt),
    entries: each(given.entries, entry),
  };
  withOptional(answer, 'description', optionalText(given.description));
  if (given.area !== undefined) answer.area = polygon(given.area);
  withOptional(answer, 'categories', optionalTexts(given.categories));
  withOptional(answer, 'species', optionalTexts(given.species));
  withOptional(answer, 'terrainType', optionalText(given.terrainType));
  withOptional(answer, 'treeTypes', optionalTexts(given.treeTypes));
  if (given.access !== undefined) answer.access = access(given.access);
  return answer;
}

/** The answer as locationListReadingSchema reads it: `{ data }` or a bare list. */
export type LocationListAnswer = { data: Location[] } | Location[];

/** The answer read by hand; throws NotAList where the schema would refuse it. */
export function readLocationList(input: unknown): LocationListAnswer {
  if (Array.isArray(input)) return each(input, location);
  return { data: each(record(input).data, location) };
}

/** locationListReadingSchema's reading, by hand: a drop-in for its safeParse. */
export const locationListReading: Reading<LocationListAnswer> = {
  safeParse(input): ReadingResult<LocationListAnswer> {
    try {
      return { success: true, data: readLocationList(input) };
    } catch (error) {
      if (!(error instanceof NotAList)) throw error;
      // The schema's own account of what is wrong (and its verdict, were this reading wrong).
      return locationListReadingSchema.safeParse(input);
    }
  },
};
