import { stringify } from 'csv-stringify/sync';
import { protectCell } from '../../../lib/csv-formula.ts';

/** RFC 4180: CRLF between records, a field with a comma, quote or line break quoted. */
const rfc4180 = { record_delimiter: 'windows' } as const;

export type Cell = string | number | undefined;

/** Text cells that a spreadsheet would run as a formula get a `'` (lib/csv-formula.ts). */
const safe = (rows: Cell[][]): Cell[][] =>
  rows.map((row) => row.map((cell) => (typeof cell === 'string' ? protectCell(cell) : cell)));

/** The header row, then the rows of each page as they come. */
export async function* csvRows(
  header: readonly string[],
  pages: AsyncIterable<Cell[][]>,
): AsyncGenerator<string> {
  yield stringify([[...header]], rfc4180);
  for await (const rows of pages) if (rows.length > 0) yield stringify(safe(rows), rfc4180);
}

/** A list in one cell: "porcini; chanterelle". */
export const list = (values: readonly string[] | undefined): string => (values ?? []).join('; ');
