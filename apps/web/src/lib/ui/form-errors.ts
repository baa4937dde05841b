import { ApiError } from '../api/api-error.ts';

export interface FormErrors {
  /** A message for the whole form, or null. */
  message: string | null;
  /** Per field name, the first problem found. */
  fields: Record<string, string>;
}

export const noErrors: FormErrors = { message: null, fields: {} };

/** Just the parts of a zod issue a form needs (the web app does not depend on zod itself). */
interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first problem per field of a contract schema check, in the form's own words. */
export function errorsFromIssues(
  issues: readonly Issue[],
  messages: Record<string, string>,
): FormErrors {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    fields[key] ??= messages[key] ?? issue.message;
  }
  return { message: null, fields };
}

/** A refused write: the server's message and per-field notes, or a connection hint. */
export function errorsFromFailure(error: unknown): FormErrors {
  if (error instanceof ApiError) {
    const message =
      error.status === 0 ? 'Could not reach the server. Check your connection.' : error.message;
    return { message, fields: error.fields ?? {} };
  }
  const message = error instanceof Error && error.message ? error.message : 'Saving failed.';
  return { message, fields: {} };
}
