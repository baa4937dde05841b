import { ApiError } from '../api/api-error.ts';
import { errorMessage } from './error-message.ts';

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

/** A refused write: the one error message, and the server's per-field notes when it sent some. */
export function errorsFromFailure(error: unknown): FormErrors {
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  return { message: errorMessage(error), fields };
}
