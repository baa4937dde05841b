// Two real server processes (the build, as `npm start` runs it) behind a round-robin balancer,
// sharing PostgreSQL, Redis and an S3 bucket: the set-up docs/deploy.md describes.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBalancer, type Balancer } from './helpers/balancer.ts';
import { freePort, startChildServer, type ChildServer } from './helpers/child-server.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { makeJpeg } from './helpers/images.ts';
import { multipartBody } from './helpers/multipart.ts';
import { redisAnswers, testRedisUrl, uniqueRedisPrefix } from './helpers/redis.ts';
import { startS3Server, type TestS3Server } from './helpers/s3-server.ts';

const postgres = databaseKinds.find((kind) => kind.name === 'postgres');
const redisUp = await redisAnswers();
const skipReason = !postgres
  ? 'TEST_DATABASE_URL is unset'
  : !redisUp
    ? `no Redis answers at ${testRedisUrl}`
    : undefined;
if (skipReason) console.warn(`multi-server: skipped, ${skipReason}`);

const rateLimitMax = 40;
const revocationDeadlineMs = 5000;

interface Caller {
  token?: string;
  /** The client address the balancer passes on (X-Forwarded-For): each its own rate budget. */
  ip?: string;
}

const randomIp = () =>
  `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

function headersOf(caller: Caller, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'x-forwarded-for': caller.ip ?? randomIp(),
    ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
    ...extra,
  };
}

async function signUp(baseUrl: string, origin: string) {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: headersOf({}, { 'content-type': 'application/json', origin }),
    body: JSON.stringify({
      email: `many-${randomUUID()}@example.com`,
      password: 'chanterelle',
      name: 'Many',
    }),
  });
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const session = res.headers.get('set-auth-token') ?? '';
  const tokenRes = await fetch(`${baseUrl}/api/auth/token`, {
    headers: headersOf({ token: session }),
  });
  if (!tokenRes.ok) throw new Error(`token: ${tokenRes.status} ${await tokenRes.text()}`);
  return { session, token: ((await tokenRes.json()) as { token: string }).token };
}

const listStatus = (baseUrl: string, caller: Caller) =>
  fetch(`${baseUrl}/api/v1/locations`, { headers: headersOf(caller) }).then((res) => {
    void res.body?.cancel();
    return res.status;
  });

describe.skipIf(skipReason !== undefined)('two servers behind a balancer', () => {
  let database: TestDatabase;
  let s3: TestS3Server;
  let balancer: Balancer;
  let servers: ChildServer[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    if (!postgres) return;
    database = await postgres.create();
    s3 = await startS3Server();
    const ports = [await freePort(), await freePort()];
    balancer = await startBalancer(ports.map((port) => `http://127.0.0.1:${port}`));
    const env = {
      AUTH_SECRET: 'many-servers-share-this-secret-0123456789',
      REDIS_URL: testRedisUrl,
      REDIS_PREFIX: uniqueRedisPrefix(),
      RATE_LIMIT_MAX: String(rateLimitMax),
      AUTH_RATE_LIMIT_MAX: '1000',
      // The balancer is on this machine: its X-Forwarded-For names the client.
      TRUST_PROXY: 'loopback',
      ...s3.env,
    };
    // Both at once, on a schema no server has migrated: one migrates, the other waits for it.
    servers = await Promise.all(
      ports.map((port) => {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'fj-many-'));
        dirs.push(dataDir);
        return startChildServer({
          dataDir,
          port,
          databaseUrl: database.url,
          build: true,
          publicUrl: balancer.url,
          env,
        });
      }),
    );
  }, 180_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all(servers.map((server) => server.kill()));
    await s3?.close();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const server = (index: number) => {
    const found = servers[index];
    if (!found) throw new Error('the servers have not started');
    return found;
  };

  it('migrated the fresh schema once while both started together', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('select name from kysely_migration');
      const names = rows.map((row) => row.name);
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names).size).toBe(names.length);
    } finally {
      await client.end();
    }
    for (const each of servers)
      expect((await fetch(`${each.baseUrl}/api/health`)).status).toBe(200);
  });

  it('signs up through the balancer, and the next requests land on both servers', async () => {
    const { token } = await signUp(balancer.url, balancer.url);
    const before = [...balancer.counts];
    const caller = { token, ip: randomIp() };
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => listStatus(balancer.url, caller)),
    );
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
    const handled = balancer.counts.map((count, i) => count - (before[i] ?? 0));
    expect(handled).toEqual([5, 5]);
  });

  it('serves from one server a photo uploaded through the other', async () => {
    const { token } = await signUp(balancer.url, balancer.url);
    const body = multipartBody([
      {
        name: 'file',
        filename: 'p.jpg',
        contentType: 'image/jpeg',
        data: await makeJpeg({ width: 64, height: 48 }),
      },
    ]);
    const upload = await fetch(`${server(0).baseUrl}/api/v1/photos`, {
      method: 'POST',
      headers: headersOf({ token }, body.headers),
      body: body.payload,
    });
    expect(upload.status).toBe(201);
    const photo = (await upload.json()) as { url: string; thumbnailUrl?: string };
    for (const url of [photo.url, photo.thumbnailUrl ?? '']) {
      const { pathname, search } = new URL(url, balancer.url);
      const res = await fetch(`${server(1).baseUrl}${pathname}${search}`, {
        headers: headersOf({}),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('counts one client against one budget across both servers', async () => {
    const { token } = await signUp(balancer.url, balancer.url);
    const caller = { token, ip: randomIp() };
    const before = [...balancer.counts];
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimitMax; i++) statuses.push(await listStatus(balancer.url, caller));
    const handled = balancer.counts.map((count, i) => count - (before[i] ?? 0));
    // Each server saw about half: alone, neither would have reached the limit.
    expect(handled.every((count) => count <= rateLimitMax / 2 + 1)).toBe(true);
    expect(statuses.slice(0, rateLimitMax).every((status) => status === 200)).toBe(true);
    expect(statuses[rateLimitMax]).toBe(429);
  });

  it('refuses on the other server, within 5 s, a token whose session ended on one', async () => {
    const { session, token } = await signUp(balancer.url, balancer.url);
    expect(await listStatus(server(1).baseUrl, { token })).toBe(200);
    const out = await fetch(`${server(0).baseUrl}/api/auth/sign-out`, {
      method: 'POST',
      headers: headersOf({ token: session }, { origin: balancer.url }),
    });
    expect(out.status).toBe(200);
    const signedOutAt = Date.now();
    expect(await listStatus(server(0).baseUrl, { token })).toBe(401);
    let status = 0;
    while (Date.now() - signedOutAt < revocationDeadlineMs) {
      status = await listStatus(server(1).baseUrl, { token });
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(401);
    console.log(
      `multi-server: token refused on the other server ${Date.now() - signedOutAt} ms after the sign-out`,
    );
  });

  it('loses no acknowledged write when one server is killed mid-load, and the other serves on', async () => {
    const { token } = await signUp(balancer.url, balancer.url);
    const acknowledged = new Set<string>();
    let killedAt = Number.POSITIVE_INFINITY;
    let acknowledgedAfterKill = 0;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const id = randomUUID();
        const res = await fetch(`${balancer.url}/api/v1/locations`, {
          method: 'POST',
          headers: headersOf({ token }, { 'content-type': 'application/json' }),
          body: JSON.stringify({ id, name: `spot ${id}`, position: { lat: 1, lng: 2 } }),
        }).catch(() => undefined);
        void res?.body?.cancel();
        if (res && res.status >= 200 && res.status < 300) {
          acknowledged.add(id);
          if (Date.now() > killedAt) acknowledgedAfterKill += 1;
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    while (acknowledged.size < 40) await new Promise((resolve) => setTimeout(resolve, 10));
    killedAt = Date.now();
    await server(0).kill();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stop = true;
    await Promise.all(writers);

    expect(balancer.down.has(0)).toBe(true);
    expect(acknowledgedAfterKill).toBeGreaterThan(0);
    const list = await fetch(`${balancer.url}/api/v1/locations`, { headers: headersOf({ token }) });
    expect(list.status).toBe(200);
    const { data } = (await list.json()) as { data: { id: string }[] };
    const stored = new Set(data.map((location) => location.id));
    const lost = [...acknowledged].filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    console.log(
      `multi-server: ${acknowledged.size} writes acknowledged (${acknowledgedAfterKill} after the kill), ${lost.length} lost`,
    );
  });
});
