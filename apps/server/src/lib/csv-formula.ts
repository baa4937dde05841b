/**
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return as a formula. Our CSV exports prefix such a
 * text cell with `'`, which spreadsheets show as text; the import takes it off again, so our
 * own file reads back as it was written (docs/files.md#export).
 *
 * The two are inverses for every text: a text that already starts with quotes and then one of
 * those characters gets one quote more, and the import takes exactly one off such a cell. A
 * plain number ("-12.5") is left alone: it is no formula, and numeric columns keep their sign.
 */
const risky = /^'*[=+\-@\t\r]/;
const plainNumber = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** The cell as the export writes it. */
export function protectCell(text: string): string {
  return risky.test(text) && !plainNumber.test(text) ? `'${text}` : text;
}

/** The cell as it was before protectCell. */
export function unprotectCell(text: string): string {
  return text.startsWith("'") && risky.test(text) ? text.slice(1) : text;
}
