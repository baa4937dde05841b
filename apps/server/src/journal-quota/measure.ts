import type { EntriesTable, LocationsTable } from '../db/schema.ts';

/**
 * What the journal quota counts of a row: the UTF-8 bytes of each of its text columns (ids,
 * name, description, the details JSON, dates), a null as nothing. Numbers (position, favorite,
 * revision) are left out: they are the same few bytes in every row, and the row quotas bound them.
 * repository.ts counts the same columns in SQL for the rows a delete takes with it.
 */
export const countedColumns = {
  locations: ['id', 'user_id', 'name', 'description', 'details', 'created_at', 'updated_at'],
  entries: ['id', 'location_id', 'user_id', 'date', 'details', 'created_at', 'updated_at'],
} as const satisfies {
  locations: readonly (keyof LocationsTable)[];
  entries: readonly (keyof EntriesTable)[];
};

const utf8Bytes = (value: string | null) => (value === null ? 0 : Buffer.byteLength(value));

export function locationBytes(row: LocationsTable): number {
  let bytes = 0;
  for (const column of countedColumns.locations) bytes += utf8Bytes(row[column]);
  return bytes;
}

export function entryBytes(row: EntriesTable): number {
  let bytes = 0;
  for (const column of countedColumns.entries) bytes += utf8Bytes(row[column]);
  return bytes;
}

/** The bytes of rows about to be written together (an import, a restore). */
export function journalBytesOf(
  locations: readonly LocationsTable[],
  entries: readonly EntriesTable[],
): number {
  let bytes = 0;
  for (const row of locations) bytes += locationBytes(row);
  for (const row of entries) bytes += entryBytes(row);
  return bytes;
}
