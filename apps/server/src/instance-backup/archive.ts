import { isSafeKey } from '../storage/photo-storage.ts';

/** What names a file as a whole instance's backup, and the layout's version (README "Backups"). */
export const instanceFormat = 'foraging-journal-instance-backup';
export const instanceVersion = 1;

/** The files of the archive: the database (one of the two), the secret, and photos/{key}. */
export const names = {
  manifest: 'manifest.json',
  sqlite: 'journal.db',
  postgres: 'database.dump',
  secret: 'auth-secret',
  photoPrefix: 'photos/',
} as const;

export interface InstanceManifest {
  format: typeof instanceFormat;
  version: typeof instanceVersion;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** `file`: the auth-secret file is in the archive; `environment`: AUTH_SECRET is set, not kept. */
  secret: 'file' | 'environment';
  /** `local`: every photo is in the archive; `s3`: the bucket is backed up with its own tools. */
  photos: 'local' | 's3';
  files: Record<string, { sha256: string; bytes: number }>;
}

/** The only names an instance archive may hold: nothing can be written outside DATA_DIR. */
export function isInstanceName(name: string): boolean {
  if (Object.values(names).includes(name as (typeof names)[keyof typeof names]))
    return name !== names.photoPrefix;
  return name.startsWith(names.photoPrefix) && isSafeKey(name.slice(names.photoPrefix.length));
}

/** The `-c search_path=…` a DATABASE_URL may carry in `options`: the one schema to dump. */
export function schemaOf(url: string): string | undefined {
  const options = new URL(url).searchParams.get('options') ?? '';
  return /search_path=([A-Za-z0-9_]+)/.exec(options)?.[1];
}

/**
 * The URL for pg_dump and pg_restore: without `options`, which libpq would read with its `+`
 * undecoded; the schema goes to pg_dump as --schema, and the dump names it on every object.
 */
export function libpqUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('options');
  return parsed.toString();
}
