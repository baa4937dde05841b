import { z } from './zod.ts';
import { noControls, oneLine } from './cheap-checks.ts';
import { limits } from './limits.ts';

/** A short user-chosen label: a species, a category, a terrain or tree type. */
export const labelSchema = z
  .string()
  .trim()
  .min(1)
  .max(limits.labelLength)
  .refine(oneLine, noControls);

/**
 * A species category: a label, and a key of `customSpecies`. "__proto__" cannot be one: parsed
 * into an object it sets the prototype instead of a key, so the list would be lost.
 */
export const categorySchema = labelSchema.refine((name) => name !== '__proto__', {
  message: 'must not be "__proto__"',
});

/** Identifiers arrive in paths; docs/behaviour.md#validation says they are trimmed before use. */
export const idParamSchema = z
  .string()
  .trim()
  .min(1)
  .max(limits.idLength)
  .refine(oneLine, noControls);
