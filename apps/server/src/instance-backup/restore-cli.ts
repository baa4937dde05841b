import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig, type Config } from '../config.ts';
import { privateDirMode, privateFileMode } from '../lib/private-files.ts';
import { BackupZip } from '../modules/backup/backup-zip.ts';
import { instanceFormat, instanceVersion, isInstanceName, libpqUrl, names } from './archive.ts';
import { run } from './backup-cli.ts';

const manifestSchema = z.object({
  format: z.literal(instanceFormat, { error: 'not a Foraging Journal instance backup' }),
  version: z.literal(instanceVersion, {
    error: `a backup format version this server does not read (it reads ${instanceVersion})`,
  }),
  database: z.enum(['sqlite', 'postgres']),
  files: z.record(z.string(), z.object({ sha256: z.string(), bytes: z.number() })),
});

/** Copies one file of the archive to `to`, failing unless its SHA-256 and size match. */
async function extract(
  zip: BackupZip,
  name: string,
  to: string,
  expected: { sha256: string; bytes: number },
) {
  await mkdir(path.dirname(to), { recursive: true, mode: privateDirMode });
  const hash = createHash('sha256');
  let bytes = 0;
  const summing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(await zip.stream(name), summing, createWriteStream(to, { mode: privateFileMode }));
  if (hash.digest('hex') !== expected.sha256 || bytes !== expected.bytes)
    throw new Error(`${name}: its SHA-256 does not match the manifest's`);
}

/**
 * The PostgreSQL database must hold none of the journal's tables: a restore never merges.
 * The dump holds the journal's one schema, not the extensions it uses: pg_trgm, whose operator
 * class the search indexes name (db/migrations/search-text-index.ts), is created where the
 * migration prefers it, in `public`. When it cannot be, pg_restore says which index needs it.
 */
async function prepareEmptyPostgres(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ found: string | null }>(
      "select to_regclass('locations')::text as found",
    );
    if (rows[0]?.found)
      throw new Error(
        'The database DATABASE_URL names already holds a journal: restore only into an empty one',
      );
    await client
      .query('create extension if not exists pg_trgm with schema public')
      .catch(() => undefined);
  } finally {
    await client.end();
  }
}

/**
 * `npm run restore -- FILE` (README "Backups"): brings an instance backup back into an EMPTY
 * DATA_DIR (and, for PostgreSQL, an empty database), every file checked against the manifest.
 * A failure removes what it wrote, so DATA_DIR is empty again.
 */
export async function restoreInstance(config: Config, file: string): Promise<void> {
  const dir = config.dataDir;
  if (existsSync(dir) && (await readdir(dir)).length > 0)
    throw new Error(`DATA_DIR ${dir} is not empty: restore only into an empty folder`);
  const zip = await BackupZip.open(file, {
    maxFiles: Number.MAX_SAFE_INTEGER,
    maxInflatedBytes: Number.MAX_SAFE_INTEGER,
    accepts: isInstanceName,
  });
  const work = await mkdtemp(path.join(tmpdir(), 'fj-instance-restore-'));
  try {
    const parsed = manifestSchema.safeParse(JSON.parse((await zip.manifestBytes()).toString()));
    if (!parsed.success)
      throw new Error(`manifest.json: ${parsed.error.issues[0]?.message ?? 'not valid'}`);
    const manifest = parsed.data;
    if (manifest.database !== config.database.kind)
      throw new Error(
        manifest.database === 'sqlite'
          ? 'This is a backup of a SQLite instance: unset DATABASE_URL to restore it'
          : 'This is a backup of a PostgreSQL instance: set DATABASE_URL to an empty database',
      );
    for (const name of zip.names())
      if (!manifest.files[name]) throw new Error(`${name} is in the ZIP but not in the manifest`);
    for (const name of Object.keys(manifest.files))
      if (!zip.has(name)) throw new Error(`${name} is in the manifest but not in the ZIP`);
    if (config.database.kind === 'postgres') await prepareEmptyPostgres(config.database.url);

    await mkdir(dir, { recursive: true, mode: privateDirMode });
    for (const [name, sum] of Object.entries(manifest.files)) {
      if (name === names.postgres) {
        const dump = path.join(work, names.postgres);
        await extract(zip, name, dump, sum);
        if (config.database.kind === 'postgres')
          await run(
            'pg_restore',
            [
              '--no-owner',
              '--no-privileges',
              '--exit-on-error',
              '--single-transaction',
              `--dbname=${libpqUrl(config.database.url)}`,
              dump,
            ],
            'pg_restore was not found: install the PostgreSQL client tools',
          );
      } else if (name === names.sqlite && config.database.kind === 'sqlite') {
        await extract(zip, name, config.database.file, sum);
      } else if (name === names.secret) {
        await extract(zip, name, path.join(dir, names.secret), sum);
      } else if (name.startsWith(names.photoPrefix)) {
        if (config.storage.kind !== 'local') continue;
        await extract(
          zip,
          name,
          path.join(config.storage.dir, name.slice(names.photoPrefix.length)),
          sum,
        );
      }
    }
  } catch (error) {
    // DATA_DIR was empty: it is again.
    for (const entry of existsSync(dir) ? await readdir(dir) : [])
      await rm(path.join(dir, entry), { recursive: true, force: true });
    throw error;
  } finally {
    zip.close();
    await rm(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [given] = positionals;
  if (!given) throw new Error('Say which backup to restore: npm run restore -- FILE');
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  // config.ts makes the auth-secret file when it finds none; the restore brings the backup's,
  // so the check reads the settings with a stand-in secret and DATA_DIR stays untouched.
  const config = loadConfig({
    ...process.env,
    AUTH_SECRET: 'restore-reads-settings-only-'.repeat(2),
  });
  await restoreInstance(config, file);
  console.log(`Restored ${file} into ${config.dataDir}. Start the server as usual.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
