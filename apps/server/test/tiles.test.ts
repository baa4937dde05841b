import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sqlite } from './helpers/databases.ts';
import {
  directoryCount,
  gzipBomb,
  gzippedVectorTile,
  solidPng,
  writeMbtiles,
  writePmtiles,
  type FixtureTile,
  type Rgb,
} from './helpers/tile-files.ts';
import { useTestApp, useTestApps } from './helpers/use-test-app.ts';

const red: Rgb = { r: 220, g: 30, b: 30 };
const green: Rgb = { r: 30, g: 200, b: 60 };
const blue: Rgb = { r: 20, g: 60, b: 230 };
const yellow: Rgb = { r: 240, g: 220, b: 20 };

/** Zoom 1: four tiles of four colours, so a tile read from the wrong row shows. */
async function rasterTiles(): Promise<FixtureTile[]> {
  const colours = [
    { x: 0, y: 0, colour: red },
    { x: 1, y: 0, colour: green },
    { x: 0, y: 1, colour: blue },
    { x: 1, y: 1, colour: yellow },
  ];
  return Promise.all(
    colours.map(async ({ x, y, colour }) => ({ z: 1, x, y, data: await solidPng(colour) })),
  );
}

async function centrePixel(png: Buffer): Promise<Rgb> {
  const { data } = await sharp(png)
    .extract({ left: 128, top: 128, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [r = -1, g = -1, b = -1] = data;
  return { r, g, b };
}

const vectorMetadata = {
  name: 'fixture',
  attribution: '© fixture contributors',
  vector_layers: [
    { id: 'earth', fields: {} },
    { id: 'roads', fields: { kind: 'String' } },
    { id: 'water', fields: {} },
  ],
};

const bounds: [number, number, number, number] = [-180, -85.0511, 180, 85.0511];

describe('tile files in DATA_DIR/tiles', () => {
  const t = useTestApp(sqlite);
  let raster: FixtureTile[];
  const roads = gzippedVectorTile('primary');

  beforeAll(async () => {
    raster = await rasterTiles();
    const dir = t.config.tiles.dir;
    mkdirSync(dir, { recursive: true });
    writeMbtiles(path.join(dir, 'raster-mb.mbtiles'), raster, {
      name: 'raster',
      format: 'png',
      bounds: '-10,40,10,60',
      center: '0,50,1',
      minzoom: '1',
      maxzoom: '1',
    });
    writePmtiles(path.join(dir, 'raster-pm.pmtiles'), raster, {
      tileType: 2,
      tileCompression: 1,
      metadata: { name: 'raster' },
      bounds,
    });
    const vector = [{ z: 0, x: 0, y: 0, data: roads.gzipped }];
    writePmtiles(path.join(dir, 'vector-pm.pmtiles'), vector, {
      tileType: 1,
      tileCompression: 2,
      metadata: vectorMetadata,
      bounds,
    });
    writeMbtiles(path.join(dir, 'vector-mb.mbtiles'), [{ z: 1, x: 1, y: 0, data: roads.gzipped }], {
      format: 'pbf',
      json: JSON.stringify(vectorMetadata),
    });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  describe.each(['raster-mb', 'raster-pm'])('raster %s', (name) => {
    it('answers each tile its own bytes, y counted from the north (the MBTiles row flipped)', async () => {
      for (const tile of raster) {
        const res = await get(`/api/tiles/${name}/${tile.z}/${tile.x}/${tile.y}`);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(tile.data)).toBe(true);
      }
      // The south-west tile is blue: an unflipped MBTiles read would give red.
      const southWest = await get(`/api/tiles/${name}/1/0/1.png`);
      expect(await centrePixel(southWest.rawPayload)).toEqual(blue);
    });

    it('sends the type, a day of caching and a strong ETag, then 304 for that ETag', async () => {
      const res = await get(`/api/tiles/${name}/1/1/1`);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['content-encoding']).toBeUndefined();
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await get(`/api/tiles/${name}/1/1/1`, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const other = await get(`/api/tiles/${name}/1/1/0`);
      expect(other.headers.etag).not.toBe(etag);
    });

    it('answers 404 in the error shape for a tile the file does not hold', async () => {
      const res = await get(`/api/tiles/${name}/2/0/0`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Tile not found' } });
    });

    it.each([
      ['31/0/0', 'z'],
      ['-1/0/0', 'z'],
      ['1.5/0/0', 'z'],
      ['1/2/0', 'x'],
      ['1/0/2', 'y'],
      ['1/0/x', 'y'],
      ['1/0/0.gif', 'y'],
      ['0/0/99999999999999', 'y'],
    ])('answers 400 naming the field for %s', async (zxy, field) => {
      const res = await get(`/api/tiles/${name}/${zxy}`);
      expect(res.statusCode).toBe(400);
      const body = res.json<{ error: { code: string; fields: Record<string, string> } }>();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.error.fields)).toEqual([field]);
    });

    it('describes itself in TileJSON 3.0.0 with absolute tile URLs from the request', async () => {
      const res = await get(`/api/tiles/${name}.json`, { host: 'localhost:8443' });
      expect(res.statusCode).toBe(200);
      const json = res.json<Record<string, unknown>>();
      expect(json).toMatchObject({
        tilejson: '3.0.0',
        name,
        format: 'png',
        scheme: 'xyz',
        tiles: [`http://localhost:8443/api/tiles/${name}/{z}/{x}/{y}.png`],
        minzoom: 1,
        maxzoom: 1,
      });
      expect(json.vector_layers).toBeUndefined();
    });

    it('has a raster style that names only this server', async () => {
      const res = await get(`/api/tiles/${name}/style.json`, { host: '127.0.0.1' });
      expect(res.statusCode).toBe(200);
      const style = res.json<{ sources: Record<string, { type: string; url: string }> }>();
      expect(style.sources).toEqual({
        [name]: {
          type: 'raster',
          url: `http://127.0.0.1/api/tiles/${name}.json`,
          tileSize: 256,
        },
      });
    });
  });

  it('reads bounds and center from MBTiles metadata and the header of PMTiles', async () => {
    expect((await get('/api/tiles/raster-mb.json')).json()).toMatchObject({
      bounds: [-10, 40, 10, 60],
      center: [0, 50, 1],
    });
    const pm = (await get('/api/tiles/raster-pm.json')).json<{
      bounds: number[];
      center: number[];
    }>();
    expect(pm.bounds.map((value) => Math.round(value))).toEqual([-180, -85, 180, 85]);
    expect(pm.center).toEqual([0, 0, 1]);
  });

  describe.each([
    ['vector-pm', '0/0/0'],
    ['vector-mb', '1/1/0'],
  ])('gzipped vector %s', (name, zxy) => {
    it('sends the gzip bytes as stored with Content-Encoding: gzip to a client that takes gzip', async () => {
      const res = await get(`/api/tiles/${name}/${zxy}.pbf`, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(roads.gzipped)).toBe(true);
    });

    it('unpacks it for a client that does not take gzip, under another ETag', async () => {
      const packed = await get(`/api/tiles/${name}/${zxy}.mvt`, { 'accept-encoding': 'gzip' });
      const res = await get(`/api/tiles/${name}/${zxy}.mvt`, { 'accept-encoding': 'identity' });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(roads.raw)).toBe(true);
      expect(res.headers.etag).not.toBe(packed.headers.etag);
    });

    it('lists its vector layers in TileJSON', async () => {
      const json = (await get(`/api/tiles/${name}.json`)).json<Record<string, unknown>>();
      expect(json.format).toBe('pbf');
      expect(json.attribution).toBe('© fixture contributors');
      expect(json.vector_layers).toEqual(vectorMetadata.vector_layers);
    });

    it('has a Protomaps style with labels but no glyphs URL, sprite or icon: no outside host', async () => {
      const res = await get(`/api/tiles/${name}/style.json`);
      const style = res.json<{
        glyphs?: string;
        sprite?: string;
        sources: Record<string, { type: string; url: string }>;
        layers: {
          type: string;
          source?: string;
          'source-layer'?: string;
          layout?: Record<string, unknown>;
        }[];
      }>();
      expect(style.glyphs).toBeUndefined();
      expect(style.sprite).toBeUndefined();
      expect(style.sources).toEqual({
        [name]: { type: 'vector', url: `http://localhost:80/api/tiles/${name}.json` },
      });
      expect(style.layers.length).toBeGreaterThan(20);
      // The road names, drawn with the device's fonts; nothing asks for a sprite's icons.
      const symbols = style.layers.filter((layer) => layer.type === 'symbol');
      expect(symbols.map((layer) => layer['source-layer'])).toContain('roads');
      expect(symbols.filter((layer) => layer.layout?.['icon-image'] !== undefined)).toEqual([]);
      expect(res.body.match(/\w+:\/\/[^"]*/g)).toEqual([
        `http://localhost:80/api/tiles/${name}.json`,
      ]);
      expect(new Set(style.layers.map((layer) => layer['source-layer']))).toContain('roads');
    });
  });

  it('answers 404 for a name no file has, and for a bad name', async () => {
    for (const url of [
      '/api/tiles/nothing/0/0/0',
      '/api/tiles/nothing.json',
      '/api/tiles/..%2Fjournal/0/0/0',
    ]) {
      const res = await get(url);
      expect([400, 404]).toContain(res.statusCode);
      expect(res.json<{ error: { code: string } }>().error.code).toMatch(
        /NOT_FOUND|VALIDATION_FAILED/,
      );
    }
    expect((await get('/api/tiles/nothing/0/0/0')).statusCode).toBe(404);
  });

  it('names the first tile file as the base map in /api/config', async () => {
    const res = await get('/api/config');
    expect(res.json()).toMatchObject({ localMapStyleUrl: '/api/tiles/raster-mb/style.json' });
  });
});

describe('tile files found later, MAP_TILES and the tile budget', () => {
  const apps = useTestApps();
  afterEach(() => vi.useRealTimers());

  it('serves a file dropped into the folder after start, without a restart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await apps.start(sqlite);
    expect((await t.app.inject('/api/config')).json()).toMatchObject({ localMapStyleUrl: '' });
    mkdirSync(t.config.tiles.dir, { recursive: true });
    writeMbtiles(path.join(t.config.tiles.dir, 'late.mbtiles'), await rasterTiles(), {
      format: 'png',
    });
    vi.setSystemTime(Date.now() + 10_000);
    const res = await t.app.inject('/api/tiles/late/1/0/0');
    expect(res.statusCode).toBe(200);
    expect(await centrePixel(res.rawPayload)).toEqual(red);
    vi.setSystemTime(Date.now() + 10_000);
    expect((await t.app.inject('/api/config')).json()).toMatchObject({
      localMapStyleUrl: '/api/tiles/late/style.json',
    });
  });

  it('answers 404 for a file it cannot read, and reads it again once it is whole', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await apps.start(sqlite);
    mkdirSync(t.config.tiles.dir, { recursive: true });
    const file = path.join(t.config.tiles.dir, 'copying.pmtiles');
    writeFileSync(file, 'not a PMTiles archive yet');
    const broken = await t.app.inject('/api/tiles/copying/1/0/0');
    expect(broken.statusCode).toBe(404);
    expect(broken.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    writePmtiles(file, await rasterTiles(), {
      tileType: 2,
      tileCompression: 1,
      metadata: {},
      bounds,
    });
    // Found changed at the next look at the folder, at most every 5 s.
    vi.setSystemTime(Date.now() + 10_000);
    const whole = await t.app.inject('/api/tiles/copying/1/0/1');
    expect(whole.statusCode).toBe(200);
    expect(await centrePixel(whole.rawPayload)).toEqual(blue);
  });

  it('serves the file MAP_TILES names, by its name', async () => {
    const t = await apps.start(sqlite);
    const file = path.join(t.config.dataDir, 'elsewhere', 'region.pmtiles');
    mkdirSync(path.dirname(file), { recursive: true });
    writePmtiles(file, await rasterTiles(), {
      tileType: 2,
      tileCompression: 1,
      metadata: {},
      bounds,
    });
    const other = await apps.start(sqlite, { env: { MAP_TILES: file } });
    const res = await other.app.inject('/api/tiles/region/1/1/0');
    expect(await centrePixel(res.rawPayload)).toEqual(green);
  });

  it('gives tiles their own per-client budget, which spends none of the API budget', async () => {
    const t = await apps.start(sqlite, { env: { RATE_LIMIT_MAX: '3', TILE_RATE_LIMIT_MAX: '5' } });
    mkdirSync(t.config.tiles.dir, { recursive: true });
    writeMbtiles(path.join(t.config.tiles.dir, 'base.mbtiles'), await rasterTiles(), {
      format: 'png',
    });
    const tile = () => t.app.inject({ url: '/api/tiles/base/1/0/0', remoteAddress: '192.0.2.40' });
    for (let i = 0; i < 5; i++) expect((await tile()).statusCode).toBe(200);
    const limited = await tile();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    const page = () => t.app.inject({ url: '/reset-password', remoteAddress: '192.0.2.40' });
    for (let i = 0; i < 3; i++) expect((await page()).statusCode).not.toBe(429);
  });
});

describe('bad tile files: refused once when found, logged once, then a quick 404', () => {
  const apps = useTestApps();
  afterEach(() => vi.useRealTimers());

  it('refuses corrupt, truncated and gzip-bomb files and keeps serving the good one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const chunks: Buffer[] = [];
    const logStream = new PassThrough().on('data', (chunk: Buffer) => chunks.push(chunk));
    const log = () => Buffer.concat(chunks).toString('utf8');
    const t = await apps.start(sqlite, { env: { LOG_LEVEL: 'warn' }, overrides: { logStream } });
    const dir = t.config.tiles.dir;
    mkdirSync(dir, { recursive: true });
    const raster = await rasterTiles();
    const pm = { tileType: 2, tileCompression: 1, metadata: {}, bounds } as const;
    writePmtiles(path.join(dir, 'good.pmtiles'), raster, pm);
    writeFileSync(path.join(dir, 'noise-pm.pmtiles'), randomBytes(4096));
    writeFileSync(path.join(dir, 'noise-mb.mbtiles'), randomBytes(4096));
    writeFileSync(path.join(dir, 'empty.mbtiles'), '');
    // A whole header whose sections end past the end of the file.
    const cut = path.join(dir, 'cut.pmtiles');
    writePmtiles(cut, raster, pm);
    writeFileSync(cut, readFileSync(cut).subarray(0, 300));
    // A root directory that counts two million entries and inflates past 8 MiB (8 kB on disk).
    writePmtiles(path.join(dir, 'root-bomb.pmtiles'), raster, {
      ...pm,
      internalCompression: 2,
      stored: { rootDirectory: gzipBomb(8 * 1024 * 1024, directoryCount(2_100_000)) },
    });
    // Metadata that inflates to 128 MiB (128 kB on disk).
    writePmtiles(path.join(dir, 'metadata-bomb.pmtiles'), raster, {
      ...pm,
      internalCompression: 2,
      stored: { metadata: gzipBomb(128 * 1024 * 1024) },
    });
    // A vector tile that inflates to 128 MiB for a client that takes no gzip: found at that request.
    writeMbtiles(
      path.join(dir, 'tile-bomb.mbtiles'),
      [{ z: 0, x: 0, y: 0, data: gzipBomb(128 * 1024 * 1024) }],
      { format: 'pbf' },
    );
    const bad = ['noise-pm', 'noise-mb', 'empty', 'cut', 'root-bomb', 'metadata-bomb', 'tile-bomb'];
    const refusals = (name: string) =>
      log()
        .split('\n')
        .filter((line) => line.includes('refused') && line.includes(`${path.sep}${name}.`)).length;

    const config = await t.app.inject('/api/config');
    expect(config.json()).toMatchObject({ localMapStyleUrl: '/api/tiles/good/style.json' });
    for (let round = 0; round < 3; round++) {
      for (const name of bad) {
        for (const url of [`/api/tiles/${name}/0/0/0`, `/api/tiles/${name}.json`]) {
          const started = performance.now();
          const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
          const took = performance.now() - started;
          expect(res.statusCode, `${url} in round ${round}`).toBe(404);
          expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
          expect(took, url).toBeLessThan(250);
        }
      }
      // Past the 5 s between looks at the folder: the refused files are not opened again.
      vi.setSystemTime(Date.now() + 10_000);
      expect((await t.app.inject('/api/config')).json()).toMatchObject({
        localMapStyleUrl: '/api/tiles/good/style.json',
      });
    }
    for (const name of bad) expect(refusals(name), name).toBe(1);
    expect(log()).toMatch(/root-bomb.pmtiles refused[^\n]*inflates past/);
    expect(log()).toMatch(/metadata-bomb.pmtiles refused[^\n]*inflates past/);
    expect(log()).toMatch(/tile-bomb.mbtiles refused[^\n]*inflates past/);
    const good = await t.app.inject('/api/tiles/good/1/1/1');
    expect(good.statusCode).toBe(200);
    expect(await centrePixel(good.rawPayload)).toEqual(yellow);
  });
});
