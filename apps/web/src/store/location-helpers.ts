import { photoEntrySchema, type PhotoEntry } from '@fj/contract/photos';
import type { CreateEntryInput, Entry, UpdateEntryInput } from '@fj/contract/entries';
import { findsOfSpecies, speciesOfFinds } from '@fj/contract/finds';
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

/**
 * An entry's species and finds as the server keeps them (docs/behaviour.md#entry): writing
 * `finds` sets `species`; writing `species` alone makes finds without a quantity.
 */
function withSpeciesAndFinds<T extends { species?: string[]; finds?: Entry['finds'] }>(
  fields: T,
): T {
  if (fields.finds) return { ...fields, species: speciesOfFinds(fields.finds) };
  if (fields.species) return { ...fields, finds: findsOfSpecies(fields.species) };
  return fields;
}

export function withEntryAdded(
  location: Location,
  entry: CreateEntryInput,
  answeredId: string | undefined,
): Location {
  const stamp = now();
  const { photos, ...fields } = withoutNulls(entry);
  const added: Entry = {
    ...withSpeciesAndFinds(fields),
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
          ...entry,
          ...withSpeciesAndFinds(fields),
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
