// The web bench's reference: MapLibre alone (bare-map.html) drawing given points, served the
// way the app's server serves its build (compressed once, ahead of the requests).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { SpotPosition } from './seed.ts';

/** MapLibre's own build, wherever npm put the package. */
const maplibreDist = path.dirname(fileURLToPath(import.meta.resolve('maplibre-gl')));

interface File {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

const file = (type: string, body: Buffer | string): File => {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return { type, body: bytes, gzip: gzipSync(bytes) };
};

export interface BareMap {
  url: string;
  stop(): Promise<void>;
}

/** The bare page, MapLibre's files and the points as GeoJSON, on a port of its own. */
export async function startBareMap(positions: readonly SpotPosition[]): Promise<BareMap> {
  const points = JSON.stringify({
    type: 'FeatureCollection',
    features: positions.map((position, i) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [position.lng, position.lat] },
      properties: { id: `spot-${i}`, color: '#8a5a2b' },
    })),
  });
  const dist = (name: string) => readFileSync(path.join(maplibreDist, name));
  const files: Record<string, File> = {
    '/': file('text/html', readFileSync(path.join(import.meta.dirname, 'bare-map.html'))),
    '/points.json': file('application/json', points),
    '/maplibre-gl.mjs': file('text/javascript', dist('maplibre-gl.mjs')),
    '/maplibre-gl-worker.mjs': file('text/javascript', dist('maplibre-gl-worker.mjs')),
    '/maplibre-gl.css': file('text/css', dist('maplibre-gl.css')),
  };
  const server = createServer((request, response) => {
    const found = files[new URL(request.url ?? '/', 'http://x').pathname];
    if (!found) return response.writeHead(404).end();
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    response
      .writeHead(200, {
        'content-type': found.type,
        vary: 'accept-encoding',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      })
      .end(gzip ? found.gzip : found.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
