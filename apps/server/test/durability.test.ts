import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { freePort, startChildServer, type ChildServer } from './helpers/child-server.ts';

const clients = 20;
/** How long the clients write before the server is killed. */
const loadMs = 2_500;

interface Acknowledged {
  locations: Set<string>;
  /** entry id → its location id */
  entries: Map<string, string>;
}

/** A fresh account's ID token, got the way the native app does (bearer session, then /token). */
async function signUpAndToken(baseUrl: string): Promise<string> {
  const signUpRes = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    // better-auth wants the origin of a browser on PUBLIC_URL (or a native app's).
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email: `durable-${randomUUID()}@example.com`,
      password: 'chanterelle',
      name: 'durable',
    }),
  });
  if (!signUpRes.ok) throw new Error(`sign-up: ${signUpRes.status} ${await signUpRes.text()}`);
  const session = signUpRes.headers.get('set-auth-token') ?? '';
  const tokenRes = await fetch(`${baseUrl}/api/auth/token`, {
    headers: { authorization: `Bearer ${session}` },
  });
  if (!tokenRes.ok) throw new Error(`token: ${tokenRes.status} ${await tokenRes.text()}`);
  return ((await tokenRes.json()) as { token: string }).token;
}

/**
 * One client: creates a spot, then an entry in it, again and again, until the server stops
 * answering. Ids are chosen here, so a write is recorded the moment its 201 arrives.
 */
async function writeUntilGone(
  baseUrl: string,
  headers: Record<string, string>,
  acknowledged: Acknowledged,
  inFlight: { count: number },
): Promise<void> {
  const post = async (url: string, body: object) => {
    inFlight.count++;
    try {
      const res = await fetch(`${baseUrl}/api/v1${url}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`${url}: ${res.status}`);
    } finally {
      inFlight.count--;
    }
  };
  for (let i = 0; ; i++) {
    const locationId = randomUUID();
    try {
      await post('/locations', {
        id: locationId,
        name: `Spot ${i}`,
        position: { lat: 59 + Math.random(), lng: 18 + Math.random() },
      });
    } catch {
      return;
    }
    acknowledged.locations.add(locationId);
    const entryId = randomUUID();
    try {
      await post(`/locations/${locationId}/entries`, {
        id: entryId,
        date: '2026-09-14',
        notes: `entry ${i}`,
      });
    } catch {
      return;
    }
    acknowledged.entries.set(entryId, locationId);
  }
}

describe.each(databaseKinds)('kill -9 durability on $name', (kind) => {
  let dataDir: string;
  let database: TestDatabase;
  let server: ChildServer | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fj-durability-'));
    database = await kind.create();
  });
  afterAll(async () => {
    await server?.kill();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every write it acknowledged when killed mid-load', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const start = () => startChildServer({ dataDir, port, databaseUrl: database.url });
    server = await start();
    const token = await signUpAndToken(server.baseUrl);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const acknowledged: Acknowledged = { locations: new Set(), entries: new Map() };
    const inFlight = { count: 0 };
    const writers = Array.from({ length: clients }, () =>
      writeUntilGone(server?.baseUrl ?? '', headers, acknowledged, inFlight),
    );
    // At least loadMs, and until more spots were acknowledged than there are clients: on a busy
    // machine (test files run side by side) 2.5 s have brought fewer than that.
    const loadStart = Date.now();
    const loadUntil = loadStart + loadMs;
    while (Date.now() < loadUntil || acknowledged.locations.size <= clients)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const inFlightAtKill = inFlight.count;
    const loadedMs = Date.now() - loadStart;
    await server.kill();
    await Promise.all(writers);
    expect(inFlightAtKill, 'the kill came while writes were under way').toBeGreaterThan(0);
    expect(acknowledged.locations.size).toBeGreaterThan(clients);

    server = await start();
    const list = await fetch(`${server.baseUrl}/api/v1/locations`, { headers });
    expect(list.status).toBe(200);
    const { data } = (await list.json()) as { data: { id: string; entries: { id: string }[] }[] };
    const foundLocations = new Set(data.map((location) => location.id));
    const entryHome = new Map(
      data.flatMap((location) => location.entries.map((entry) => [entry.id, location.id])),
    );
    const lostLocations = [...acknowledged.locations].filter((id) => !foundLocations.has(id));
    const lostEntries = [...acknowledged.entries].filter(
      ([entryId, locationId]) => entryHome.get(entryId) !== locationId,
    );
    const acknowledgedWrites = acknowledged.locations.size + acknowledged.entries.size;
    const foundWrites =
      acknowledged.locations.size -
      lostLocations.length +
      acknowledged.entries.size -
      lostEntries.length;
    console.log(
      `[durability ${kind.name}] ${clients} clients, killed after ${loadedMs} ms with ${inFlightAtKill} writes in flight: ` +
        `acknowledged ${acknowledgedWrites} (${acknowledged.locations.size} locations, ${acknowledged.entries.size} entries), ` +
        `found after restart ${foundWrites}; rows present ${foundLocations.size} locations, ${entryHome.size} entries`,
    );
    expect(lostLocations).toEqual([]);
    expect(lostEntries).toEqual([]);
  });
});
