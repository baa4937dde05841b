/*
 * Hand-written readers for the answers the web app reads before sign-in (the identity
 * provider's, the client settings). zod is the contract's way everywhere else, but it is about
 * a fifth of the login page's JavaScript, so the login path reads its few answers without it.
 * A reader has zod's `safeParse` shape, so the web reads every answer the same way.
 */

export interface ReadingIssue {
  path: PropertyKey[];
  message: string;
}

export type ReadingResult<T> =
  { success: true; data: T } | { success: false; error: { issues: ReadingIssue[] } };

export interface Reading<T> {
  safeParse(input: unknown): ReadingResult<T>;
}

/** What a read function throws where the answer does not match. */
export class Mismatch extends Error {
  constructor(
    readonly path: PropertyKey[],
    message: string,
  ) {
    super(message);
  }
}

/** A reader from a function that answers the value or throws a Mismatch. */
export function reading<T>(read: (input: unknown) => T): Reading<T> {
  return {
    safeParse(input) {
      try {
        return { success: true, data: read(input) };
      } catch (error) {
        if (!(error instanceof Mismatch)) throw error;
        return {
          success: false,
          error: { issues: [{ path: error.path, message: error.message }] },
        };
      }
    },
  };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object at `path`, or a Mismatch. */
export function objectAt(value: unknown, path: PropertyKey[]): Record<string, unknown> {
  if (!isRecord(value)) throw new Mismatch(path, 'Invalid input: expected object');
  return value;
}

/** Text at `path`: required (and not empty with `nonEmpty`), or undefined when absent. */
export function textAt(value: unknown, path: PropertyKey[], nonEmpty: true): string;
export function textAt(value: unknown, path: PropertyKey[]): string | undefined;
export function textAt(value: unknown, path: PropertyKey[], nonEmpty?: true): string | undefined {
  if (value === undefined && !nonEmpty) return undefined;
  if (typeof value !== 'string') throw new Mismatch(path, 'Invalid input: expected string');
  if (nonEmpty && !value)
    throw new Mismatch(path, 'Too small: expected string to have >=1 characters');
  return value;
}
