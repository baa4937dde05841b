import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaOf } from '../src/instance-backup/archive.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { freePort, startChildServer, type ChildServer } from './helpers/child-server.ts';
import { makeJpeg } from './helpers/images.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const clients = 8;

/** `npm run backup` / `npm run restore` as their scripts run them, in a process of their own. */
function runCli(
  script: 'backup-cli.ts' | 'restore-cli.ts',
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', `apps/server/src/instance-backup/${script}`, ...args],
      { cwd: repoRoot, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function signUpAndToken(baseUrl: string): Promise<string> {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email: `b-${randomUUID()}@example.com`,
      password: 'chanterelle',
      name: 'b',
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const token = await fetch(`${baseUrl}/api/auth/token`, {
    headers: { authorization: `Bearer ${signUp.headers.get('set-auth-token') ?? ''}` },
  });
  return ((await token.json()) as { token: string }).token;
}

/** Creates spots until told to stop or the server is gone; an id is recorded once its 201 came. */
async function write(
  baseUrl: string,
  headers: Record<string, string>,
  acknowledged: Set<string>,
  state: { stop: boolean; inFlight: number },
): Promise<void> {
  while (!state.stop) {
    const id = randomUUID();
    state.inFlight++;
    try {
      const res = await fetch(`${baseUrl}/api/v1/locations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ id, name: `Spot ${id}`, position: { lat: 59.3, lng: 18.1 } }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) return;
      acknowledged.add(id);
    } catch {
      return;
    } finally {
      state.inFlight--;
    }
  }
}

/** A new empty PostgreSQL database for the restore, and the URL that reaches the same schema in it. */
async function emptyDatabase(sourceUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fj_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: sourceUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(sourceUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: sourceUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

describe.each(databaseKinds)('instance backup and restore on $name', (kind) => {
  let root: string;
  let database: TestDatabase;
  let target: { url: string; drop(): Promise<void> } | undefined;
  let server: ChildServer | undefined;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'fj-instance-'));
    database = await kind.create();
  });
  afterAll(async () => {
    await server?.kill();
    await database.drop();
    await target?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it(
    'taken while writes run, restored into a new DATA_DIR: the server starts with every acknowledged write and photo',
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(root, 'data');
      const archive = path.join(root, 'instance.zip');
      // The restored server answers on the same address: the tokens name it as their issuer.
      const port = await freePort();
      server = await startChildServer({ dataDir, port, databaseUrl: database.url });
      const token = await signUpAndToken(server.baseUrl);
      const auth = { authorization: `Bearer ${token}` };
      const headers = { ...auth, 'content-type': 'application/json' };

      const form = new FormData();
      form.append('file', new Blob([await makeJpeg({ width: 300, height: 200 })]), 'a.jpg');
      const upload = await fetch(`${server.baseUrl}/api/v1/photos`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      expect(upload.status).toBe(201);
      const photo = (await upload.json()) as { filePath: string };

      const acknowledged = new Set<string>();
      const state = { stop: false, inFlight: 0 };
      const baseUrl = server.baseUrl;
      const writers = Array.from({ length: clients }, () =>
        write(baseUrl, headers, acknowledged, state),
      );
      while (acknowledged.size < 50) await new Promise((resolve) => setTimeout(resolve, 20));
      // Everything acknowledged before the backup starts must be in it.
      const before = new Set(acknowledged);
      const inFlightAtStart = state.inFlight;
      const env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
      const backup = await runCli('backup-cli.ts', ['--out', archive], env);
      const acknowledgedDuring = acknowledged.size - before.size;
      state.stop = true;
      await Promise.all(writers);
      await server.kill();
      expect(backup.code, backup.output).toBe(0);
      expect(inFlightAtStart, 'writes were under way when the backup began').toBeGreaterThan(0);
      expect(acknowledgedDuring, 'writes went on while the backup ran').toBeGreaterThan(0);

      const restoredDir = path.join(root, 'restored');
      if (kind.name === 'postgres') {
        target = await emptyDatabase(database.url ?? '');
        const url = new URL(target.url);
        // The dump holds the source's one schema; the server finds it by the same search_path.
        url.searchParams.set('options', `-c search_path=${schemaOf(database.url ?? '') ?? ''}`);
        target.url = url.toString();
      }
      const restoreEnv = { DATA_DIR: restoredDir, DATABASE_URL: target?.url };
      const restored = await runCli('restore-cli.ts', [archive], restoreEnv);
      expect(restored.code, restored.output).toBe(0);
      expect(readFileSync(path.join(restoredDir, 'photos', photo.filePath))).toEqual(
        readFileSync(path.join(dataDir, 'photos', photo.filePath)),
      );

      // The same token works: the auth secret came back too.
      server = await startChildServer({
        dataDir: restoredDir,
        port,
        databaseUrl: target?.url,
      });
      const list = await fetch(`${server.baseUrl}/api/v1/locations`, { headers: auth });
      expect(list.status).toBe(200);
      const ids = new Set(
        ((await list.json()) as { data: { id: string }[] }).data.map((l) => l.id),
      );
      expect([...before].filter((id) => !ids.has(id))).toEqual([]);
      console.log(
        `[instance backup ${kind.name}] ${before.size} writes acknowledged before the backup, ` +
          `${acknowledgedDuring} during it, ${inFlightAtStart} in flight at its start; ${ids.size} spots after restore`,
      );
    },
  );

  it('refuses a DATA_DIR that is not empty, and writes nothing into it', async () => {
    const dir = path.join(root, 'busy');
    mkdirSync(dir);
    const marker = path.join(dir, 'keep.txt');
    writeFileSync(marker, 'mine');
    const res = await runCli('restore-cli.ts', [path.join(root, 'instance.zip')], {
      DATA_DIR: dir,
      DATABASE_URL: database.url,
    });
    expect(res.code).toBe(1);
    expect(res.output).toMatch(/is not empty: restore only into an empty folder/);
    expect(readFileSync(marker, 'utf8')).toBe('mine');
  });
});
