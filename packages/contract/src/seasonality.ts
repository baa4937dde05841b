import { z } from './zod.ts';

/** A day of the calendar year, `MM-DD`. */
const monthDay = z.string().regex(/^\d{2}-\d{2}$/);

/** The shortest arc of the calendar year holding the day of every find; null with no finds. */
export const seasonWindowSchema = z.object({ from: monthDay, to: monthDay }).nullable();
export type SeasonWindow = z.infer<typeof seasonWindowSchema>;

/** Summed quantities per unit; a unit with no quantity recorded is absent. */
export const quantityByUnitSchema = z.object({
  count: z.number().optional(),
  g: z.number().optional(),
  kg: z.number().optional(),
  l: z.number().optional(),
});

export const seasonMonthSchema = z.object({
  month: z.number().int().min(1).max(12),
  visits: z.number().int(),
  found: z.number().int(),
  quantity: quantityByUnitSchema,
});

export const seasonYearSchema = z.object({
  year: z.number().int(),
  visits: z.number().int(),
  found: z.number().int(),
  first: z.string().nullable(),
  last: z.string().nullable(),
});

/** `GET /api/v1/seasonality?species=…`'s `data`. */
export const speciesSeasonSchema = z.object({
  species: z.string(),
  visits: z.number().int(),
  found: z.number().int(),
  window: seasonWindowSchema,
  months: z.array(seasonMonthSchema).length(12),
  years: z.array(seasonYearSchema),
});
export type SpeciesSeason = z.infer<typeof speciesSeasonSchema>;

/** One row of `GET /api/v1/seasonality` (no species): every species the user has found. */
export const seasonSummarySchema = z.object({
  species: z.string(),
  visits: z.number().int(),
  found: z.number().int(),
  window: seasonWindowSchema,
  peakMonth: z.number().int().min(1).max(12).nullable(),
});
export type SeasonSummary = z.infer<typeof seasonSummarySchema>;

const year = z.coerce.number().int().min(1000).max(9999);

/** The query of `GET /api/v1/seasonality`; a bad parameter is a 400 naming it (`to` before `from` names `to`). */
export const seasonalityQuerySchema = z
  .object({
    species: z.string().trim().min(1).max(80).optional(),
    locationId: z.string().trim().min(1).max(100).optional(),
    from: year.optional(),
    to: year.optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    path: ['to'],
    message: 'Must not be before from',
  });
export type SeasonalityQuery = z.infer<typeof seasonalityQuerySchema>;

/** `GET /api/v1/seasonality`'s answer: one species' season with `species`, else every species'. */
export const seasonalityAnswerSchema = z.object({
  data: z.union([speciesSeasonSchema, z.array(seasonSummarySchema)]),
});
export type SeasonalityAnswer = z.infer<typeof seasonalityAnswerSchema>;
