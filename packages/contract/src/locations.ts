import { z } from './zod.ts';
import { boundedArray, checkedFirst, noControls, oneLine, printable } from './cheap-checks.ts';
import { labelSchema } from './common.ts';
import { entrySchema } from './entries.ts';
import { limits } from './limits.ts';

export const positionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

const lngLatSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

const isLngLat = (vertex: unknown) =>
  Array.isArray(vertex) &&
  vertex.length === 2 &&
  typeof vertex[0] === 'number' &&
  typeof vertex[1] === 'number' &&
  Math.abs(vertex[0]) <= 180 &&
  Math.abs(vertex[1]) <= 90;

/**
 * Counts rings and vertices, then looks for the first vertex that is not [lng, lat], all
 * before zod parses a single number: a patch of 250,000 wrong numbers costs one pass and
 * gives one issue.
 */
function patchProblem(value: unknown): string | undefined {
  const rings = (value as { coordinates?: unknown } | null)?.coordinates;
  if (!Array.isArray(rings)) return undefined;
  if (rings.length > limits.patchRings) return `A patch has at most ${limits.patchRings} rings`;
  let vertices = 0;
  for (const ring of rings) if (Array.isArray(ring)) vertices += ring.length;
  if (vertices > limits.patchVertices) {
    return `A patch has at most ${limits.patchVertices} vertices in all`;
  }
  for (const [r, ring] of rings.entries()) {
    if (!Array.isArray(ring)) continue;
    const bad = ring.findIndex((vertex) => !isLngLat(vertex));
    if (bad >= 0) return `coordinates.${r}.${bad}: must be [longitude, latitude]`;
  }
  return undefined;
}

/** The patch drawn on the map: a GeoJSON Polygon whose rings are closed. */
export const polygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z
    .array(
      z
        .array(lngLatSchema)
        .min(4)
        .max(limits.patchVertices)
        .refine((ring) => ring[0]?.join() === ring[ring.length - 1]?.join(), 'ring must be closed'),
    )
    .min(1)
    .max(limits.patchRings),
});

/** The patch as a request carries it: counted and scanned before it is parsed. */
export const areaSchema = checkedFirst(patchProblem, polygonSchema);

export const accessStatuses = ['open', 'ask', 'closed', 'no-foraging'] as const;
export const accessSchema = z.object({
  status: z.enum(accessStatuses),
  note: z.string().max(limits.accessNoteLength).refine(printable, noControls).optional(),
});

export const locationFieldsSchema = z.object({
  name: z.string().trim().min(1).max(limits.nameLength).refine(oneLine, noControls),
  description: z
    .string()
    .max(limits.longTextLength)
    .refine(printable, noControls)
    .nullable()
    .optional(),
  position: positionSchema,
  area: areaSchema.nullable().optional(),
  categories: boundedArray(labelSchema, limits.locationCategories).optional(),
  species: boundedArray(labelSchema, limits.locationSpecies).optional(),
  terrainType: labelSchema.nullable().optional(),
  treeTypes: boundedArray(labelSchema, limits.locationTreeTypes).optional(),
  favorite: z.boolean().optional(),
  access: accessSchema.nullable().optional(),
});

export const createLocationSchema = locationFieldsSchema.extend({ id: z.uuid().optional() });
export type CreateLocationInput = z.infer<typeof createLocationSchema>;

/** PUT sends only the changed fields; unknown keys (entries, updatedAt…) are ignored. */
export const updateLocationSchema = locationFieldsSchema.partial();
export type UpdateLocationInput = z.infer<typeof updateLocationSchema>;

/** Everything but the fields kept in their own columns; stored together as JSON. */
export const locationDetailsSchema = locationFieldsSchema.pick({
  area: true,
  categories: true,
  species: true,
  terrainType: true,
  treeTypes: true,
  access: true,
});
export type LocationDetails = z.infer<typeof locationDetailsSchema>;

export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  position: positionSchema,
  // Answers are encoded, and a pre-check cannot run backwards: the plain polygon here.
  area: polygonSchema.optional(),
  categories: z.array(z.string()).optional(),
  species: z.array(z.string()).optional(),
  terrainType: z.string().optional(),
  treeTypes: z.array(z.string()).optional(),
  favorite: z.boolean(),
  access: accessSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  entries: z.array(entrySchema),
});
export type Location = z.infer<typeof locationSchema>;

/** GET /locations as this server answers it. */
export const locationListSchema = z.object({ data: z.array(locationSchema) });

/** Entry writes as this server answers them: the whole updated location. */
export const entryWriteAnswerSchema = z.object({ location: locationSchema });

/*
 * The answers as the web app reads them (docs/behaviour.md#endpoints): this server's, and the
 * smaller shapes the original API allowed. Whatever claims to be a location must be a whole
 * one; anything else is a malformed answer.
 */

/** GET /locations: `{ data: [...] }`, or a bare list. */
export const locationListReadingSchema = z.union([locationListSchema, z.array(locationSchema)]);

/** POST /locations: the whole location, or only its id (then without an entries list). */
export const locationCreateReadingSchema = z.union([
  locationSchema,
  z.object({ id: z.string(), entries: z.never().optional() }),
]);
export type LocationCreateAnswer = z.infer<typeof locationCreateReadingSchema>;

/**
 * PUT /locations/{id}: the whole updated location, or an answer without one (no `entries`),
 * even no body; the change then stays as the client made it.
 */
export const locationUpdateReadingSchema = z
  .union([locationSchema, z.looseObject({ entries: z.never().optional() })])
  .optional();

/** Entry writes: the updated location, or only the entry's id, or neither (even no body). */
export const entryWriteReadingSchema = z
  .object({ location: locationSchema.optional(), id: z.string().optional() })
  .default({});
export type EntryWriteAnswer = z.infer<typeof entryWriteReadingSchema>;
