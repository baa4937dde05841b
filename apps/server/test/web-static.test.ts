import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlite } from './helpers/databases.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe('serving the web build', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'fj-dist-'));

  const page = '<!doctype html><title>Foraging Journal</title>';
  const script = `console.log(${JSON.stringify('chanterelle '.repeat(200))})`;
  /** A file of the build with its .br and .gz siblings, as the web build writes them. */
  function writeWithCompressed(file: string, text: string) {
    writeFileSync(path.join(dist, file), text);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
  }

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeWithCompressed('index.html', page);
    writeWithCompressed('assets/index-abc123.js', script);
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
    // The offline shell's files (apps/web/vite.config.ts): the worker, Workbox's runtime beside
    // it, and the install icons.
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dist, 'workbox-2178cfdb.js'), 'define([], () => {});');
    mkdirSync(path.join(dist, 'icons'));
    writeFileSync(path.join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  // Built once the files above are written, and closed before they go.
  const t = useTestApp(sqlite, { env: { WEB_DIST_DIR: dist, RATE_LIMIT_MAX: '5' } });

  it.each(['/', '/login', '/locations', '/some/unknown/page?x=1'])(
    'answers index.html for %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>Foraging Journal</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not count the files against the per-client request budget', async () => {
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        remoteAddress: '192.0.2.77',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    }
  });

  it('does not cache files that keep their name across builds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  describe('the offline shell', () => {
    it.each(['/sw.js', '/workbox-2178cfdb.js'])(
      'serves %s as JavaScript that is checked on every visit, so a new version is found',
      async (url) => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-security-policy']).toContain("worker-src 'self'");
      },
    );

    it('serves the manifest as a web app manifest, never cached, allowed by the CSP', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("manifest-src 'self'");
    });

    it('serves the install icons as images', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/icons/icon-192.png' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    });
  });

  describe('precompressed files', () => {
    const decode = { br: brotliDecompressSync, gzip: gunzipSync };

    it.each([
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate, br;q=0.5', 'gzip'],
      ['gzip', 'gzip'],
      ['deflate', undefined],
      [undefined, undefined],
    ] as const)('Accept-Encoding %s gets %s', async (accepted, encoding) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: accepted ? { 'accept-encoding': accepted } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const body = encoding ? decode[encoding](res.rawPayload).toString('utf8') : res.body;
      expect(body).toBe(script);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(script.length);
    });

    it.each(['/', '/login'])('sends the page compressed for %s, never cached', async (url) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(page);
    });

    it('sends a file without compressed copies as it is', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/manifest.webmanifest',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe('{}');
    });

    it('does not serve the compressed copies under their own names', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.br' });
      expect(res.statusCode).toBe(404);
    });
  });

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/assets/missing.js'],
    // A worker file that is not there must not be answered with the page.
    ['GET', '/workbox-0000.js'],
    ['POST', '/login'],
  ] as const)('answers %s %s with a JSON 404, not the page', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: `No route for ${method} ${url}` },
    });
  });
});
