import { createEntrySchema } from '@fj/contract/entries';
import { createLocationSchema, type CreateLocationInput } from '@fj/contract/locations';
import type { CreateEntryInput } from '@fj/contract/entries';
import { z } from 'zod';
import { findsProblem } from '@fj/contract/finds-write';

/** Where in the file a spot or a problem was found: "feature 3", "line 12", "waypoint 2". */
export type Place = string;

/** An entry as a file carries it: its fields, and its dates when the file kept them. */
export interface ImportedEntry extends Omit<CreateEntryInput, 'photos'> {
  createdAt?: string;
  updatedAt?: string;
}

/** A spot read from a file, checked against the same schema as POST /locations. */
export interface ImportedSpot {
  at: Place;
  location: CreateLocationInput;
  createdAt?: string;
  updatedAt?: string;
  entries: ImportedEntry[];
}

export interface ImportProblem {
  at: Place;
  message: string;
}

const timestamp = z.iso.datetime({ offset: true }).optional().catch(undefined);
/* Photos are files of the account they came from: an import keeps the entry, not its photos. */
const fileEntrySchema = createEntrySchema
  .omit({ photos: true })
  .extend({ createdAt: timestamp, updatedAt: timestamp });

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'not a valid spot';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * A spot from whatever a reader found (fields by our names), checked: the answer is either the
 * spot or the problem that names the field at fault. Unknown fields are ignored.
 */
export function checkSpot(
  at: Place,
  fields: Record<string, unknown>,
): { spot: ImportedSpot } | { problem: ImportProblem } {
  const location = createLocationSchema.safeParse(fields);
  if (!location.success) return { problem: { at, message: firstIssue(location.error) } };
  const entries: ImportedEntry[] = [];
  const rawEntries = Array.isArray(fields.entries) ? (fields.entries as unknown[]) : [];
  for (const [index, raw] of rawEntries.entries()) {
    const checked = checkEntry(at, raw, index);
    if ('problem' in checked) return checked;
    entries.push(checked.entry);
  }
  const createdAt = timestamp.parse(fields.createdAt);
  const updatedAt = timestamp.parse(fields.updatedAt);
  return {
    spot: {
      at,
      location: location.data,
      entries,
      ...(createdAt ? { createdAt } : {}),
      ...(updatedAt ? { updatedAt } : {}),
    },
  };
}

/** One entry of a spot (its `index`), checked as checkSpot checks each (a restore's large spots). */
export function checkEntry(
  at: Place,
  raw: unknown,
  index: number,
): { entry: ImportedEntry } | { problem: ImportProblem } {
  const entry = fileEntrySchema.safeParse(raw);
  if (!entry.success)
    return { problem: { at, message: `entries.${index}.${firstIssue(entry.error)}` } };
  const problem = findsProblem(entry.data);
  if (problem)
    return { problem: { at, message: `entries.${index}.${problem.field}: ${problem.message}` } };
  return { entry: compactEntry(entry.data) };
}

function compactEntry(entry: z.infer<typeof fileEntrySchema>): ImportedEntry {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) if (value !== undefined) out[key] = value;
  return out as unknown as ImportedEntry;
}
