import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locationListReading, readLocationList } from '../src/location-reading.ts';
import { findUnits } from '../src/finds.ts';
import { accessStatuses, locationListReadingSchema } from '../src/locations.ts';

/*
 * The hand-written reading of GET /locations against the schema it stands in for, on generated
 * answers: valid ones, nearly valid ones (each field sometimes out of its bounds, unknown members
 * added), and valid ones broken at one random place. Whatever the input, both accept it or both
 * refuse it, with the same values or the same issue.
 */

const oddValue = fc.oneof(
  fc.jsonValue({ maxDepth: 1 }),
  fc.constant(undefined),
  fc.constantFrom(91, -181, 1e308, 'a\u0007bell', 'x'.repeat(501), [], {}, [0, 0, 0], [[0, 0]]),
);
const optional = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });

/**
 * Answers of the shape GET /locations has; with `odd`, any value is now and then something
 * else (out of bounds, of another type, absent), about one field in forty.
 */
function answers(odd: boolean) {
  const sometimes = <T>(usual: fc.Arbitrary<T>) =>
    odd ? fc.oneof({ arbitrary: usual, weight: 40 }, { arbitrary: oddValue, weight: 1 }) : usual;
  const text = sometimes(fc.string({ maxLength: 8 }));
  const texts = sometimes(fc.array(text, { maxLength: 3 }));
  const coordinate = (bound: number) =>
    sometimes(fc.double({ min: -bound, max: bound, noNaN: true }));
  const vertex = sometimes(fc.tuple(coordinate(180), coordinate(90)));
  const ring = fc
    .tuple(fc.array(vertex, { minLength: 2, maxLength: 5 }), sometimes(fc.constant(true)))
    .map(([vertices, closed]) => (closed === true ? [...vertices, vertices[0]] : vertices));
  const polygon = fc.record({
    type: sometimes(fc.constant('Polygon')),
    coordinates: sometimes(fc.array(ring, { minLength: 1, maxLength: 3 })),
  });
  const access = fc.record({
    status: sometimes(fc.constantFrom(...accessStatuses)),
    note: optional(sometimes(fc.oneof(fc.string({ maxLength: 20 }), fc.constant('a\ttab\nline')))),
  });
  const photo = fc.record({
    url: text,
    thumbnailUrl: optional(text),
    filePath: text,
    thumbnailFilePath: text,
    name: text,
    size: sometimes(fc.nat()),
    width: sometimes(fc.nat()),
    height: sometimes(fc.nat()),
    uploadedAt: text,
  });
  const extras = fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), {
    maxKeys: 2,
  });
  const withExtras = <T extends object>(value: fc.Arbitrary<T>) =>
    fc
      .tuple(value, fc.option(extras, { nil: {} }))
      .map(([known, more]) => ({ ...(more as object), ...known }));
  const find = fc.record({
    species: text,
    quantity: optional(sometimes(fc.option(fc.double({ min: 0, max: 1e9, noNaN: true })))),
    unit: optional(sometimes(fc.option(fc.constantFrom(...findUnits)))),
  });
  const entry = withExtras(
    fc.record({
      id: text,
      locationId: text,
      date: text,
      species: optional(texts),
      finds: sometimes(fc.array(find, { maxLength: 3 })),
      nothingFound: optional(sometimes(fc.boolean())),
      abundance: optional(sometimes(fc.integer({ min: 0, max: 5 }))),
      notes: optional(text),
      weather: optional(text),
      photos: sometimes(fc.array(photo, { maxLength: 2 })),
      createdAt: text,
      updatedAt: text,
    }),
  );
  const location = withExtras(
    fc.record({
      id: text,
      name: text,
      description: optional(text),
      position: sometimes(fc.record({ lat: coordinate(90), lng: coordinate(180) })),
      area: optional(sometimes(polygon)),
      categories: optional(texts),
      species: optional(texts),
      terrainType: optional(text),
      treeTypes: optional(texts),
      favorite: sometimes(fc.boolean()),
      access: optional(sometimes(access)),
      createdAt: text,
      updatedAt: text,
      entries: sometimes(fc.array(entry, { maxLength: 3 })),
    }),
  );
  const locations = fc.array(location, { minLength: 1, maxLength: 3 });
  // As the server's bytes would arrive: through JSON (no undefined, no NaN).
  return fc
    .oneof(
      locations.map((data) => ({ data })),
      locations,
    )
    .map((value): unknown => JSON.parse(JSON.stringify(value)));
}

/** Every place in a value where something can be replaced: [parent, key] pairs. */
function places(value: unknown, found: [Record<PropertyKey, unknown>, PropertyKey][] = []) {
  if (typeof value !== 'object' || value === null) return found;
  for (const key of Object.keys(value)) {
    found.push([value as Record<PropertyKey, unknown>, key]);
    places((value as Record<string, unknown>)[key], found);
  }
  return found;
}

/** What the reading by hand makes of an input: its values, or `refused`. */
function byHand(input: unknown) {
  try {
    return { success: true, data: readLocationList(input) };
  } catch {
    return { success: false };
  }
}

/**
 * The reading by hand and the schema on one input: the same verdict and values; and through
 * safeParse, the same issues when refused.
 */
function expectSameReading(input: unknown) {
  const bySchema = locationListReadingSchema.safeParse(input);
  const read = byHand(input);
  expect(read.success).toBe(bySchema.success);
  if (bySchema.success) expect(read.data).toStrictEqual(bySchema.data);
  else expect(locationListReading.safeParse(input)).toEqual(bySchema);
  return read.success;
}

// A thousand generated answers each, zod beside the reading: seconds on a loaded machine.
describe('the hand-written reading of GET /locations', { timeout: 30_000 }, () => {
  it('accepts exactly what locationListReadingSchema accepts, with the same values', () => {
    let accepted = 0;
    fc.assert(
      fc.property(answers(true), (input) => {
        if (expectSameReading(input)) accepted += 1;
      }),
      { numRuns: 1000 },
    );
    // Both verdicts were seen often enough for the comparison to mean something.
    expect(accepted).toBeGreaterThan(50);
    expect(accepted).toBeLessThan(950);
  });

  it('agrees with the schema on an answer broken at any one place', () => {
    const broken = fc
      .tuple(answers(false), fc.nat(), fc.oneof(oddValue, fc.constant('delete')))
      .map(([input, at, replacement]) => {
        const all = places(input);
        const place = all[at % Math.max(all.length, 1)];
        if (place) {
          const [parent, key] = place;
          if (replacement === 'delete') Reflect.deleteProperty(parent, key);
          else parent[key] = replacement;
        }
        // Still as bytes would bring it: a value left undefined goes, a hole reads as null.
        return JSON.parse(JSON.stringify(input)) as unknown;
      });
    fc.assert(
      fc.property(broken, (input) => {
        expectSameReading(input);
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses broken answers with the schema's issue, and reads both shapes of a good one", () => {
    const spot = {
      id: 'l1',
      name: 'Glade',
      position: { lat: 1, lng: 2 },
      favorite: false,
      createdAt: 'c',
      updatedAt: 'u',
      entries: [],
      unknown: 'left out',
    };
    for (const bad of [
      null,
      5,
      { data: 5 },
      [{ ...spot, position: { lat: 91, lng: 0 } }],
      { data: [{ ...spot, entries: [{ id: 'e' }] }] },
      [{ ...spot, access: { status: 'maybe' } }],
      [{ ...spot, access: { status: 'ask', note: 'ring the \u0007 bell' } }],
      [{ ...spot, access: { status: 'ask', note: 'x'.repeat(501) } }],
      [
        {
          ...spot,
          area: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 1],
                [0, 0],
              ],
            ],
          },
        },
      ],
      [
        {
          ...spot,
          area: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 1],
                [1, 0],
                [0, 1],
              ],
            ],
          },
        },
      ],
      [
        {
          ...spot,
          area: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0, 0],
                [1, 1],
                [1, 0],
                [0, 0, 0],
              ],
            ],
          },
        },
      ],
    ]) {
      expect(() => readLocationList(bad)).toThrow();
      expect(locationListReading.safeParse(bad).success).toBe(false);
      expectSameReading(bad);
    }
    const kept: Record<string, unknown> = { ...spot };
    delete kept.unknown;
    expect(locationListReading.safeParse([spot])).toEqual({ success: true, data: [kept] });
    expect(locationListReading.safeParse({ data: [spot], more: 1 })).toEqual({
      success: true,
      data: { data: [kept] },
    });
  });
});
