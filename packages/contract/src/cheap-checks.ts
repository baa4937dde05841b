import { z } from './zod.ts';

/**
 * Runs `check` on the raw input before `schema`. zod parses every element of an array before
 * it looks at the array's length, and reports one issue per bad element; a cheap count first
 * turns a body of 250,000 wrong numbers into one issue instead of 250,000.
 * `check` returns a message for the first problem it finds, or undefined.
 */
export function checkedFirst<T extends z.ZodType>(
  check: (value: unknown) => string | undefined,
  schema: T,
) {
  return z.preprocess((value, ctx) => {
    const problem = check(value);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
    return value;
  }, schema);
}

export const tooMany = (max: number) => `Too many items: at most ${max}`;

/** An array of at most `max` items, counted before any item is parsed. */
export function boundedArray<T extends z.ZodType>(item: T, max: number) {
  return checkedFirst(
    (value) => (Array.isArray(value) && value.length > max ? tooMany(max) : undefined),
    z.array(item).max(max),
  );
}

/**
 * C0 controls (bar tab, line feed and carriage return), DEL–C1 and lone surrogates: no one types
 * them, PostgreSQL text cannot hold U+0000, and JSON spells each as a 6-byte escape.
 */
const unprintable = /[^\P{Cc}\t\n\r]|\p{Cs}/u;
const anyControl = /[\p{Cc}\p{Cs}]/u;

/** Free text: line breaks and tabs allowed, other control characters not. */
export const printable = (text: string) => !unprintable.test(text);
/** One-line text (names, labels, ids): no control characters at all. */
export const oneLine = (text: string) => !anyControl.test(text);
export const noControls = 'must not contain control characters';
