import { photoEntrySchema, type PhotoEntry } from '@fj/contract/photos';
import type { CreateEntryInput, Entry, UpdateEntryInput } from '@fj/contract/entries';
import { speciesOfFinds, type Find } from '@fj/contract/finds';
import { findsAfterWrite, nothingFoundAfterWrite } from '@fj/contract/finds-write';
import type {
  CreateLocationInput,
  Location,
  LocationCreateAnswer,
  UpdateLocationInput,
} from '@fj/contract/locations';

/** The API sends `null` to clear a field; the local copy simply drops it. */
type NoNulls<T> = { [K in keyof T]: Exclude<T[K], null> };
function withoutNulls<T extends object>(value: T): NoNulls<T> {
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, field === null ? undefined : field]),
  ) as NoNulls<T>;
}

const now = () => new Date().toISOString();

/** An entry's finds as the server answers them after a write (the contract's rule). */
function findsFields(
  finds: Find[],
  nothingFound: boolean,
): Pick<Entry, 'finds' | 'species' | 'nothingFound'> {
  return { finds, species: speciesOfFinds(finds), ...(nothingFound ? { nothingFound } : {}) };
}

function findsAfter(changes: UpdateEntryInput, entry: Entry) {
  const finds = findsAfterWrite(changes, entry.finds);
  return findsFields(finds, nothingFoundAfterWrite(changes, finds, entry.nothingFound));
}

/** The fields but what findsFields decides (a write's `nothingFound: false` is no field). */
function withoutFinds<T extends { finds?: unknown; species?: unknown; nothingFound?: unknown }>(
  fields: T,
): Omit<T, 'finds' | 'species' | 'nothingFound'> {
  const rest = { ...fields };
  delete rest.finds;
  delete rest.species;
  delete rest.nothingFound;
  return rest;
}

/** Entry photo refs become local photos only when they already are whole photo entries. */
function photosOf(photos: readonly unknown[] | undefined): PhotoEntry[] {
  return (photos ?? []).flatMap((photo) => {
    const parsed = photoEntrySchema.safeParse(photo);
    return parsed.success ? [parsed.data] : [];
  });
}

/** POST /locations may answer only an id (docs/behaviour.md#optimistic-changes): the local copy is then built from the input. */
export function locationFromCreate(
  input: CreateLocationInput,
  answer: LocationCreateAnswer,
): Location {
  if (answer.entries) return answer;
  const stamp = now();
  return {
    ...withoutNulls(input),
    id: answer.id,
    favorite: input.favorite ?? false,
    createdAt: stamp,
    updatedAt: stamp,
    entries: [],
  };
}

export const sameId = (a: string, b: string) => a.trim() === b.trim();

export function replaceLocation(list: Location[], location: Location): Location[] {
  const found = list.some((item) => sameId(item.id, location.id));
  return found
    ? list.map((item) => (sameId(item.id, location.id) ? location : item))
    : [...list, location];
}

/** No value: absent, null (the API's "clear"), an empty list or text. */
const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/**
 * The fields of an edit whose values differ from the location's (a blank value is the same
 * as an absent one): a location update sends only these, so an edit form
 * that sends every field cannot overwrite another device's change to a field it left alone.
 */
export function changedFields(
  location: Location,
  changes: UpdateLocationInput,
): UpdateLocationInput {
  const current: Record<string, unknown> = { ...location };
  return Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => {
      if (value === undefined) return false;
      const now = current[key];
      if (isBlank(value) && isBlank(now)) return false;
      return JSON.stringify(value) !== JSON.stringify(now);
    }),
  ) as UpdateLocationInput;
}

export function withChanges(location: Location, changes: UpdateLocationInput): Location {
  return { ...location, ...withoutNulls(changes), updatedAt: now() };
}

export function withEntryAdded(
  location: Location,
  entry: CreateEntryInput,
  answeredId: string | undefined,
): Location {
  const stamp = now();
  const { photos, ...fields } = withoutNulls(entry);
  const finds = findsAfterWrite(entry);
  const added: Entry = {
    ...withoutFinds(fields),
    ...findsFields(finds, nothingFoundAfterWrite(entry, finds)),
    id: answeredId ?? entry.id ?? crypto.randomUUID(),
    locationId: location.id,
    photos: photosOf(photos),
    createdAt: stamp,
    updatedAt: stamp,
  };
  return { ...location, entries: [added, ...location.entries], updatedAt: stamp };
}

export function withEntryChanged(
  location: Location,
  entryId: string,
  changes: UpdateEntryInput,
): Location {
  const stamp = now();
  const { photos, ...fields } = withoutNulls(changes);
  const entries = location.entries.map((entry) =>
    sameId(entry.id, entryId)
      ? {
          ...withoutFinds(entry),
          ...withoutFinds(fields),
          ...findsAfter(changes, entry),
          photos: photos ? photosOf(photos) : entry.photos,
          updatedAt: stamp,
        }
      : entry,
  );
  return { ...location, entries, updatedAt: stamp };
}

export function withEntryRemoved(location: Location, entryId: string): Location {
  const entries = location.entries.filter((entry) => !sameId(entry.id, entryId));
  return { ...location, entries, updatedAt: now() };
}
