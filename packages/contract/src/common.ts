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

/** Identifiers arrive in paths; docs/behaviour.md#validation says they are trimmed before use. */
export const idParamSchema = z
  .string()
  .trim()
  .min(1)
  .max(limits.idLength)
  .refine(oneLine, noControls);
