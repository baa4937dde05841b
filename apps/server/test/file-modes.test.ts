import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { makeJpeg } from './helpers/images.ts';
import { multipartBody } from './helpers/multipart.ts';

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every file and folder under dir, relative, with its mode. */
function modesUnder(dir: string): Record<string, number> {
  const modes: Record<string, number> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    modes[path.relative(dir, full)] = modeOf(full);
  }
  return modes;
}

describe.each(databaseKinds)('file modes on $name', (kind) => {
  let root: string;
  let dataDir: string;
  let database: TestDatabase;
  let umask: number;
  // Open through the checks: SQLite removes -wal and -shm when the last connection closes.
  let app: FastifyInstance;

  beforeAll(async () => {
    // With no umask at all, every mode below comes from the server itself, not the shell.
    umask = process.umask(0);
    root = mkdtempSync(path.join(tmpdir(), 'fj-modes-'));
    dataDir = path.join(root, 'data');
    // A DATA_DIR an older version (or a careless mkdir) left readable by everybody.
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    database = await kind.create();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(root, 'no-web-build'),
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    });
    app = await buildApp(config);
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'modes@example.com', password: 'chanterelle', name: 'modes' },
    });
    const session = String(signUp.headers['set-auth-token']);
    const token = await app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { authorization: `Bearer ${session}` },
    });
    const body = multipartBody([
      {
        name: 'file',
        filename: 'a.jpg',
        contentType: 'image/jpeg',
        data: await makeJpeg({ width: 64, height: 48 }),
      },
    ]);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/v1/photos',
      headers: {
        authorization: `Bearer ${token.json<{ token: string }>().token}`,
        ...body.headers,
      },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(201);
    // No SMTP_URL: the reset mail lands in DATA_DIR/outbox.
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'modes@example.com', redirectTo: '/login' },
    });
    expect(reset.statusCode).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    process.umask(umask);
    await database.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps DATA_DIR and every folder in it for the owner only (0700)', () => {
    expect(modeOf(dataDir)).toBe(0o700);
    const folders = Object.entries(modesUnder(dataDir)).filter(([name]) =>
      statSync(path.join(dataDir, name)).isDirectory(),
    );
    expect(folders.map(([name]) => name)).toEqual(expect.arrayContaining(['photos', 'outbox']));
    for (const [name, mode] of folders) expect(mode.toString(8), name).toBe('700');
  });

  it('writes the secret, photos, outbox mail and database files 0600', () => {
    const files = Object.entries(modesUnder(dataDir)).filter(([name]) =>
      statSync(path.join(dataDir, name)).isFile(),
    );
    const names = files.map(([name]) => name);
    expect(names).toContain('auth-secret');
    expect(names.filter((name) => name.startsWith(`photos${path.sep}`)).length).toBeGreaterThan(0);
    expect(names.filter((name) => name.startsWith(`outbox${path.sep}`))).toHaveLength(1);
    if (kind.name === 'sqlite') {
      expect(names).toEqual(
        expect.arrayContaining(['journal.db', 'journal.db-wal', 'journal.db-shm']),
      );
    }
    for (const [name, mode] of files) expect(mode.toString(8), name).toBe('600');
  });

  it.runIf(kind.name === 'sqlite')(
    'narrows a database file an older version left 0644',
    async () => {
      // A second server on the same files, as after an upgrade.
      const file = path.join(dataDir, 'journal.db');
      const files = [file, `${file}-wal`, `${file}-shm`];
      for (const name of files) chmodSync(name, 0o644);
      const second = await buildApp(
        loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      );
      try {
        for (const name of files) expect(modeOf(name).toString(8), name).toBe('600');
      } finally {
        await second.close();
      }
    },
  );
});
