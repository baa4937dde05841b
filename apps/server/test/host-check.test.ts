// With PUBLIC_URL unset, the server answers only requests for this machine's own names and
// addresses: a page on another name, pointed at the server by DNS rebinding, is refused
// (docs/behaviour.md#origins).
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { hostname, networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostNameOf, localHostCheck, machineNamesMaxAgeMs } from '../src/lib/local-hosts.ts';
import { freePort, startChildServer, type ChildServer } from './helpers/child-server.ts';
import { sqlite } from './helpers/databases.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const refusal = {
  error: {
    code: 'VALIDATION_FAILED',
    message: 'host: not a name or address of this server (set PUBLIC_URL to serve another)',
    fields: { host: 'not a name or address of this server (set PUBLIC_URL to serve another)' },
  },
};

/** Every address of this machine's interfaces, as a Host header names it (IPv6 in brackets). */
const interfaceHosts = Object.values(networkInterfaces())
  .flatMap((addresses) => addresses ?? [])
  .filter((address) => address.scopeid === undefined || address.scopeid === 0)
  .map(({ address }) => (address.includes(':') ? `[${address}]:3000` : `${address}:3000`));

/** GET over a real socket with the headers given (Host included), as a browser would send it. */
function get(
  port: number,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the host check', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['localhost', 'localhost'],
    ['LocalHost:3000', 'localhost'],
    ['[::1]:3000', '::1'],
    ['[::1]', '::1'],
    ['192.168.1.23:3000', '192.168.1.23'],
  ])('reads the name of Host %s as %s', (host, name) => {
    expect(hostNameOf(host)).toBe(name);
  });

  it.each(['::1', 'localhost:port', 'localhost:', '[::1', '[::1]x', 'localhost:3000:1'])(
    'reads no name in the malformed Host %s',
    (host) => {
      expect(hostNameOf(host)).toBeUndefined();
    },
  );

  it("knows a machine's new address after at most 5 s, and reads them no more often", () => {
    vi.useFakeTimers();
    let names = new Set(['localhost']);
    let reads = 0;
    const allowed = localHostCheck(
      () => {
        reads += 1;
        return names;
      },
      () => Date.now(),
    );
    expect(allowed('127.0.0.1:3000')).toBe(true);
    names = new Set(['localhost', '10.1.2.3']);
    expect(allowed('10.1.2.3:3000')).toBe(false);
    expect(allowed('evil.example')).toBe(false);
    expect(reads).toBe(1);
    vi.advanceTimersByTime(machineNamesMaxAgeMs);
    expect(allowed('10.1.2.3:3000')).toBe(true);
    expect(reads).toBe(2);
    expect(allowed('evil.example')).toBe(false);
    expect(reads).toBe(2);
  });
});

describe('with PUBLIC_URL unset', () => {
  const t = useTestApp(sqlite, { env: { TRUST_PROXY: 'loopback' } });
  let user: TestUser;

  beforeAll(async () => {
    user = await t.signUp();
  });

  const ask = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });

  it.each([
    'localhost:3000',
    'localhost',
    '127.0.0.1:3000',
    '127.0.1.1',
    '[::1]:3000',
    `${hostname()}:3000`,
    ...interfaceHosts,
  ])('serves a request for %s', async (host) => {
    const res = await ask('/api/health', { host });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['/api/health', {}],
    ['/api/v1/locations', {}],
    ['/api/config', {}],
    ['/reset-password?token=abc', {}],
    ['/map', {}],
    ['/api/auth/get-session', { origin: 'http://evil.example:3000' }],
  ])('refuses %s asked for another host, before anything else', async (url, headers) => {
    const res = await ask(url, { ...user.auth, ...headers, host: 'evil.example:3000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal);
    // The security headers are on the refusal too.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['0.0.0.0:3000', 'localhost.evil.example', '127.0.0.1.nip.io', 'exa mple', '[::2]'])(
    'refuses a request for %s',
    async (host) => {
      const res = await ask('/api/health', { host });
      expect(res.statusCode).toBe(400);
    },
  );

  it('refuses another host named by a trusted proxy (X-Forwarded-Host)', async () => {
    const res = await ask('/api/health', {
      host: 'localhost:3000',
      'x-forwarded-host': 'evil.example',
    });
    expect(res.json()).toEqual(refusal);
  });

  it('refuses the reads answered before Fastify for another host too', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const url = '/api/v1/locations';
    const first = await get(port, url, { ...user.auth, host: `127.0.0.1:${port}` });
    expect(first.status).toBe(200);
    const conditional = { ...user.auth, 'if-none-match': String(first.headers.etag) };
    const before = t.app.fastReads.answered;
    const refused = await get(port, url, { ...conditional, host: 'evil.example' });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toEqual(refusal);
    expect(t.app.fastReads.answered).toBe(before);
    const served = await get(port, url, { ...conditional, host: `localhost:${port}` });
    expect(served.status).toBe(304);
    expect(t.app.fastReads.answered).toBe(before + 1);
  });
});

describe('with PUBLIC_URL set', () => {
  const t = useTestApp(sqlite, { env: { PUBLIC_URL: 'https://journal.example.org' } });

  it('serves any host, as a server behind a proxy must', async () => {
    for (const host of ['journal.example.org', 'evil.example', '10.0.0.5:3000']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('the build without PUBLIC_URL, as `npm start` runs it', () => {
  let server: ChildServer;
  let port: number;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fj-hosts-'));
    port = await freePort();
    server = await startChildServer({ dataDir, port, build: true, publicUrl: null });
  });

  afterAll(async () => {
    await server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses Host: evil.example and serves 127.0.0.1 and localhost with its port', async () => {
    const refused = await get(port, '/api/health', { host: 'evil.example' });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toEqual(refusal);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`])
      expect((await get(port, '/api/health', { host })).status).toBe(200);
  });
});
