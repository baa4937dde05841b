import { z } from 'zod';
import { labelSchema } from './common.ts';
import { entrySchema } from './entries.ts';

export const positionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

const lngLatSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/** The patch drawn on the map: a GeoJSON Polygon whose rings are closed. */
export const areaSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z
    .array(
      z
        .array(lngLatSchema)
        .min(4)
        .max(5000)
        .refine((ring) => ring[0]?.join() === ring[ring.length - 1]?.join(), 'ring must be closed'),
    )
    .min(1)
    .max(50),
});

export const accessStatuses = ['open', 'ask', 'closed', 'no-foraging'] as const;
export const accessSchema = z.object({
  status: z.enum(accessStatuses),
  note: z.string().max(500).optional(),
});

export const locationFieldsSchema = z.object({
  name: z.string().trim().min(1).max(120),
  description: z.string().max(5000).nullable().optional(),
  position: positionSchema,
  area: areaSchema.nullable().optional(),
  categories: z.array(labelSchema).max(50).optional(),
  species: z.array(labelSchema).max(200).optional(),
  terrainType: labelSchema.nullable().optional(),
  treeTypes: z.array(labelSchema).max(50).optional(),
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
  area: areaSchema.optional(),
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
