// GET /api/tiles/… on the real server, from a PMTiles and an MBTiles file, against
// plain node:http sending the very bytes of one tile answer.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  solidPng,
  writeMbtiles,
  writePmtiles,
  type FixtureTile,
} from '../test/helpers/tile-files.ts';
import { recordAnswer } from './http.ts';
import { measureInTurns, type ConnectionRequest } from './load.ts';
import type { Figure } from './measure.ts';
import { ensureBuilds, serverCommand, startUntilHealthy } from './processes.ts';

const zoom = 4;

/** Every tile of zoom 0–4 (341 tiles), each a PNG of its own colour (about 100 bytes: the work measured is the server's, not the copy). */
async function tiles(): Promise<FixtureTile[]> {
  const all: FixtureTile[] = [];
  for (let z = 0; z <= zoom; z++)
    for (let x = 0; x < 2 ** z; x++)
      for (let y = 0; y < 2 ** z; y++)
        all.push({ z, x, y, data: await solidPng({ r: x * 16, g: y * 16, b: z * 50 }) });
  return all;
}

/** Each connection walks the 256 tiles of zoom 4 from its own place, as a panning map would. */
const walk =
  (name: string) =>
  (connection: number): ConnectionRequest[] =>
    Array.from({ length: 4 ** zoom }, (_, i) => {
      const n = (i + connection * 37) % 4 ** zoom;
      return {
        method: 'GET',
        path: `/api/tiles/${name}/${zoom}/${n % 16}/${Math.floor(n / 16)}`,
        headers: {},
      };
    });

export async function tileReadFigures(): Promise<Figure[]> {
  ensureBuilds();
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-bench-tiles-'));
  const dataDir = path.join(workDir, 'data');
  mkdirSync(path.join(dataDir, 'tiles'), { recursive: true });
  const fixture = await tiles();
  writePmtiles(path.join(dataDir, 'tiles', 'region-pm.pmtiles'), fixture, {
    tileType: 2,
    tileCompression: 1,
    metadata: {},
    bounds: [-180, -85, 180, 85],
  });
  writeMbtiles(path.join(dataDir, 'tiles', 'region-mb.mbtiles'), fixture, { format: 'png' });
  // As a self-hoster runs it, but with a tile budget no load test reaches.
  const server = await startUntilHealthy(serverCommand, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    TILE_RATE_LIMIT_MAX: '1000000000',
  });
  try {
    const one = `${server.baseUrl}/api/tiles/region-pm/${zoom}/3/5`;
    const answerFile = path.join(workDir, 'answer.json');
    writeFileSync(answerFile, JSON.stringify(await recordAnswer(one, { headers: {} })));
    const bare = await startUntilHealthy(['apps/server/bench/bare-server.mjs', answerFile]);
    try {
      const results = await measureInTurns({
        pmtiles: { url: server.baseUrl, perConnection: walk('region-pm') },
        mbtiles: { url: server.baseUrl, perConnection: walk('region-mb') },
        reference: { url: `${bare.baseUrl}/api/tiles/region-pm/${zoom}/3/5` },
      });
      for (const [name, result] of Object.entries(results))
        if (result.failures)
          throw new Error(`${name}: failed answers ${JSON.stringify(result.failed)}`);
      const { reference } = results;
      return (['pmtiles', 'mbtiles'] as const).map((format) => ({
        name: `GET /api/tiles (${format}, raster) vs bare node:http`,
        value: results[format].requestsPerSecond / reference.requestsPerSecond,
        unit: 'ratio',
        target: 0.3,
        atLeast: true,
        reference: `${results[format].requestsPerSecond.toFixed(0)} vs ${reference.requestsPerSecond.toFixed(0)} req/s, p99 ${results[format].p99Ms} vs ${reference.p99Ms} ms, 10 connections`,
      }));
    } finally {
      await bare.stop();
    }
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
