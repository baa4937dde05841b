import { z } from 'zod';

/** A short user-chosen label: a species, a category, a terrain or tree type. */
export const labelSchema = z.string().trim().min(1).max(80);

/** Identifiers arrive in paths; SPEC.md §5 says they are trimmed before use. */
export const idParamSchema = z.string().trim().min(1).max(100);

export const isoTimestampSchema = z.string();
