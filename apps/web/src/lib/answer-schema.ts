/** Just the parts of a zod issue an error needs (the web app does not depend on zod itself). */
interface AnswerIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** A contract schema, as the web app uses it: only its safeParse. */
export interface AnswerSchema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly AnswerIssue[] } };
}

/**
 * The answer through its schema, or `fail` with a short account of the first mismatch
 * ("data.0.name: Invalid input…"), for the caller to throw its own kind of error.
 */
export function parseWith<T>(
  schema: AnswerSchema<T>,
  body: unknown,
  fail: (mismatch: string) => Error,
): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.map(String).join('.') || 'answer';
  throw fail(`${where}: ${issue?.message ?? 'unexpected'}`);
}
