import { limits } from '@fj/contract/limits';
import { maxFilePathLength } from '@fj/contract/photos';

/**
 * Per-route JSON body limits, derived from the contract's limits: each is the largest valid
 * body written compactly, plus room for keys and punctuation. A bigger body cannot be valid, so
 * it is refused with 413 before it is parsed.
 *
 * Worst cases per unit, as JSON.stringify writes them:
 * - a character: 3 bytes (UTF-8 of a BMP character; the control characters that JSON spells as
 *   6-byte escapes are refused by the schemas, line breaks and tabs take 2);
 * - a number: 24 characters (`-1.2345678901234567e-300`), so a vertex `[lng,lat],` is 52 bytes;
 * - a label: 80 characters, two quotes and a comma.
 */
const bytesPerChar = 3;
const vertexBytes = 2 * 24 + 4;
const labelBytes = limits.labelLength * bytesPerChar + 3;
const text = (length: number) => length * bytesPerChar + 3;
/** Keys, braces, position, id, flags: everything not counted field by field. */
const structure = 4 * 1024;
/**
 * The web client sends back the whole photo entry it was given (signed URLs, name, sizes); the
 * server reads only filePath. A stored entry is under 1 kB; 4 kB leaves room.
 */
const photoRefBytes = Math.max(4 * 1024, text(maxFilePathLength) * 4);

/**
 * A find: its species label, `{"species":,"quantity":<number>,"unit":"count"}` around it. A
 * body may carry `species` beside `finds`, so an entry counts both.
 */
const findBytes = labelBytes + 24 + 40;

const kib = (bytes: number) => Math.ceil(bytes / 1024) * 1024;

export const bodyLimits = {
  /** Auth forms, tutorial flag, everything without its own limit below. */
  default: 16 * 1024,
  location: kib(
    limits.patchVertices * vertexBytes +
      limits.patchRings * 4 +
      text(limits.nameLength) +
      text(limits.longTextLength) +
      text(limits.accessNoteLength) +
      (limits.locationCategories + limits.locationSpecies + limits.locationTreeTypes + 1) *
        labelBytes +
      structure,
  ),
  entry: kib(
    text(limits.longTextLength) +
      text(limits.weatherLength) +
      limits.entrySpecies * (labelBytes + findBytes) +
      limits.entryPhotos * photoRefBytes +
      structure,
  ),
  preferences: kib(
    (limits.categories * 2 + limits.speciesTotal + limits.terrainTypes + limits.treeTypes) *
      labelBytes +
      text(limits.idLength) +
      text(200) +
      text(320) +
      structure,
  ),
  speciesList: kib(limits.speciesPerCategory * labelBytes + structure),
  labelList: kib(
    Math.max(limits.categories, limits.terrainTypes, limits.treeTypes) * labelBytes + structure,
  ),
} as const;
