import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.ts';
import { addStreamed } from '../modules/backup/service.ts';
import { isSafeKey } from '../storage/photo-storage.ts';
import { keepUntilExit, runPragma } from '../db/sqlite-kept-objects.ts';
import {
  instanceFormat,
  instanceVersion,
  names,
  libpqUrl,
  schemaOf,
  type InstanceManifest,
} from './archive.ts';

/** Runs a program to its end; rejects with its stderr when it fails or cannot be found. */
export function run(program: string, args: string[], missing: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'ENOENT' ? missing : error.message)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * A consistent copy of the database in `dir`: SQLite's online backup API (readers and the writer
 * go on meanwhile; the copy is the database at one instant), or pg_dump, which reads in one
 * snapshot transaction.
 */
async function copyDatabase(database: Config['database'], dir: string): Promise<string> {
  if (database.kind === 'sqlite') {
    if (!existsSync(database.file)) throw new Error(`There is no database at ${database.file}`);
    const { default: Sqlite } = await import('better-sqlite3');
    const source = keepUntilExit(new Sqlite(database.file, { fileMustExist: true }));
    const copy = path.join(dir, names.sqlite);
    try {
      runPragma(source, 'busy_timeout = 5000');
      await source.backup(copy);
    } finally {
      source.close();
    }
    return copy;
  }
  const copy = path.join(dir, names.postgres);
  const schema = schemaOf(database.url);
  await run(
    'pg_dump',
    [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      ...(schema ? [`--schema=${schema}`] : []),
      `--file=${copy}`,
      `--dbname=${libpqUrl(database.url)}`,
    ],
    'pg_dump was not found: install the PostgreSQL client tools (of the server’s major version or newer)',
  );
  return copy;
}

/** Every stored photo key under the local photos folder, in a stable order. */
async function photoKeys(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const keys: string[] = [];
  for (const user of (await readdir(dir)).sort()) {
    const userDir = path.join(dir, user);
    if (!(await stat(userDir)).isDirectory()) continue;
    for (const file of (await readdir(userDir)).sort()) {
      const key = `${user}/${file}`;
      // Half-written uploads (`.tmp` files) and anything else not a photo are left out.
      if (isSafeKey(key)) keys.push(key);
    }
  }
  return keys;
}

/**
 * `npm run backup -- --out FILE`: the whole instance in one ZIP while the server runs (README
 * "Backups"): the database copy, the auth secret, every photo, and a manifest with checksums.
 * Written next to FILE first and renamed at the end, so a failed run leaves no half archive.
 */
export async function backupInstance(config: Config, out: string): Promise<InstanceManifest> {
  const { ZipFile } = await import('yazl');
  const work = await mkdtemp(path.join(tmpdir(), 'fj-instance-backup-'));
  const partial = `${out}.partial`;
  try {
    const database = await copyDatabase(config.database, work);
    const zip = new ZipFile();
    const written = new Promise<void>((resolve, reject) => {
      const file = createWriteStream(partial, { mode: 0o600 });
      file.on('error', reject);
      file.on('close', () => resolve());
      zip.outputStream.pipe(file);
    });
    const files: InstanceManifest['files'] = {};
    const add = async (name: string, file: string, compress: boolean) => {
      files[name] = await addStreamed(zip, name, createReadStream(file), compress);
    };
    await add(path.basename(database), database, true);
    const secretFile = path.join(config.dataDir, names.secret);
    // The file is the secret unless AUTH_SECRET (read by config.ts) overrides it.
    const secretInFile =
      existsSync(secretFile) && (await readFile(secretFile, 'utf8')).trim() === config.authSecret;
    if (secretInFile) await add(names.secret, secretFile, false);
    if (config.storage.kind === 'local') {
      for (const key of await photoKeys(config.storage.dir)) {
        const file = path.join(config.storage.dir, key);
        // A photo deleted since the database was copied is simply not there.
        if (existsSync(file)) await add(`${names.photoPrefix}${key}`, file, false);
      }
    }
    const manifest: InstanceManifest = {
      format: instanceFormat,
      version: instanceVersion,
      createdAt: new Date().toISOString(),
      database: config.database.kind,
      secret: secretInFile ? 'file' : 'environment',
      photos: config.storage.kind,
      files,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), names.manifest);
    zip.end();
    await written;
    await rename(partial, out);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) throw new Error('Say where to write the backup: npm run backup -- --out FILE');
  // npm runs scripts in the package's folder; a relative path means where npm was called.
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  const started = Date.now();
  const manifest = await backupInstance(loadConfig(), out);
  const { size } = await stat(out);
  const photos = Object.keys(manifest.files).filter((n) => n.startsWith(names.photoPrefix));
  console.log(
    `Backed up the ${manifest.database} database and ${photos.length} photo files to ${out} ` +
      `(${(size / 1024 / 1024).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
  if (manifest.photos === 's3')
    console.log('Photos are in an S3 bucket: back the bucket up with its own tools.');
  if (manifest.secret === 'environment')
    console.log('AUTH_SECRET is set in the environment: keep it with the backup yourself.');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
