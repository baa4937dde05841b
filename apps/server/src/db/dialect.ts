export type DialectName = 'sqlite' | 'postgres';

/** Column types that differ by dialect, named once so migrations stay dialect-neutral. */
export function columnTypes(dialect: DialectName) {
  return dialect === 'postgres'
    ? ({ boolean: 'boolean', timestamp: 'timestamptz', bigint: 'bigint' } as const)
    : ({ boolean: 'integer', timestamp: 'date', bigint: 'bigint' } as const);
}
