import { z } from './zod.ts';
import { boundedArray } from './cheap-checks.ts';
import { labelSchema } from './common.ts';
import { limits } from './limits.ts';
import { speciesKey } from './text-fold.ts';

/** How a find's quantity is counted: pieces, grams, kilograms or litres. */
export const findUnits = ['count', 'g', 'kg', 'l'] as const;
export type FindUnit = (typeof findUnits)[number];

/** At most 3 decimals: 1.234 kg is a kitchen scale's reading; 1.2345 is noise. */
export const threeDecimals = (value: number) =>
  Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6;

export const findSchema = z.object({
  species: labelSchema,
  quantity: z
    .number()
    .min(0)
    .max(1e9)
    .refine(threeDecimals, 'At most 3 decimals')
    .nullable()
    .optional(),
  unit: z.enum(findUnits).nullable().optional(),
});
export type Find = z.infer<typeof findSchema>;

/** One find per species (species are one when they fold alike, see speciesKey). */
export const findsSchema = boundedArray(findSchema, limits.entrySpecies).refine(
  (finds) => new Set(finds.map((find) => speciesKey(find.species))).size === finds.length,
  'One find per species',
);

/** The species list SPEC.md's `species` field shows: the finds' species, in order. */
export const speciesOfFinds = (finds: readonly Find[]): string[] => finds.map((f) => f.species);

/** Writing `species` alone: each becomes a find without a quantity. */
export const findsOfSpecies = (species: readonly string[]): Find[] =>
  species.map((name) => ({ species: name, quantity: null, unit: null }));
