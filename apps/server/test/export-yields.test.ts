import { Worker } from 'node:worker_threads';
import { DOMParser } from '@xmldom/xmldom';
import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { sqlite } from './helpers/databases.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const spotCount = 5_000;
/** The issue asks for 100 ms; the slack is for a loaded 2-core CI machine. */
const healthBoundMs = 250;

interface Measured {
  status: number;
  body: string;
  tookMs: number;
  longestHealthMs: number;
  healthChecks: number;
}

/**
 * The client in a thread of its own, so that its timing is the server's alone: it asks for
 * the export and, from just before until the file has arrived, asks /api/health every 20 ms,
 * keeping the longest wait.
 */
const clientCode = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { url, auth, healthUrl } = workerData;
  let longestHealthMs = 0;
  let healthChecks = 0;
  let done = false;
  const poller = (async () => {
    while (!done) {
      const start = performance.now();
      await fetch(healthUrl).then((res) => res.text());
      longestHealthMs = Math.max(longestHealthMs, performance.now() - start);
      healthChecks += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 30));
  const start = performance.now();
  const res = await fetch(url, { headers: auth });
  const body = await res.text();
  const tookMs = performance.now() - start;
  done = true;
  await poller;
  parentPort.postMessage({ status: res.status, body, tookMs, longestHealthMs, healthChecks });
})().catch((error) => { throw error; });
`;

function exportBeside(
  baseUrl: string,
  format: string,
  auth: Record<string, string>,
): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(clientCode, {
      eval: true,
      workerData: {
        url: `${baseUrl}/api/v1/export?format=${format}`,
        healthUrl: `${baseUrl}/api/health`,
        auth,
      },
    });
    worker.once('message', (measured: Measured) => {
      resolve(measured);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

const wellFormed = (body: string) =>
  new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`not well-formed: ${message}`);
    },
  }).parseFromString(body, 'text/xml');

describe('an export of 5,000 spots beside health checks, over a real socket', () => {
  const t = useTestApp(sqlite);
  let user: TestUser;
  let baseUrl: string;

  beforeAll(async () => {
    user = await t.signUp();
    // Straight into the tables: 5,000 spots through the API would take most of a minute.
    const now = new Date().toISOString();
    const id = (kind: number, i: number) =>
      `0000000${kind}-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const spots = Array.from({ length: spotCount }, (_, i) => ({
      id: id(1, i),
      user_id: user.id,
      name: `Spot ${i} <&> "ceps"`,
      description: 'North slope, mossy\nby the stream',
      lat: 59 + i / 10_000,
      lng: 18 + i / 10_000,
      details: JSON.stringify({
        categories: ['mushrooms'],
        species: ['porcini'],
        ...(i % 5 === 0
          ? {
              area: {
                type: 'Polygon',
                coordinates: [
                  [
                    [18, 59],
                    [18.1, 59],
                    [18.1, 59.1],
                    [18, 59],
                  ],
                ],
              },
            }
          : {}),
      }),
      favorite: 0,
      created_at: now,
      updated_at: now,
      revision: 1,
    }));
    const entries = spots.map((spot, i) => ({
      id: id(2, i),
      location_id: spot.id,
      user_id: user.id,
      date: '2026-06-01',
      // Entries keep their finds (migration 0008); a species list alone is no longer stored.
      details: JSON.stringify({
        finds: [{ species: 'porcini' }, { species: 'chanterelle' }, { species: 'birch bolete' }],
        abundance: 3,
        notes: 'Under the oak & birch',
      }),
      created_at: now,
      updated_at: now,
      revision: 1,
    }));
    for (let i = 0; i < spotCount; i += 500) {
      await t.app.db
        .insertInto('locations')
        .values(spots.slice(i, i + 500))
        .execute();
      await t.app.db
        .insertInto('entries')
        .values(entries.slice(i, i + 500))
        .execute();
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  const count = (text: string, part: string) => text.split(part).length - 1;

  const formats: [string, (body: string) => void][] = [
    [
      'geojson',
      (body) => {
        const parsed = JSON.parse(body) as { features: unknown[] };
        expect(parsed.features).toHaveLength(spotCount);
      },
    ],
    [
      'gpx',
      (body) => {
        const gpx = wellFormed(body).documentElement;
        expect(gpx?.getElementsByTagName('wpt')).toHaveLength(spotCount);
        expect(gpx?.getElementsByTagName('trk')).toHaveLength(spotCount / 5);
      },
    ],
    [
      'kml',
      (body) => {
        const kml = wellFormed(body).documentElement;
        expect(kml?.getElementsByTagName('Placemark')).toHaveLength(spotCount);
        expect(count(body, '<Polygon>')).toBe(spotCount / 5);
      },
    ],
    [
      'csv',
      // A row per find: three finds on each spot's one entry.
      (body) => expect(parseCsv(body, { columns: true }) as unknown[]).toHaveLength(spotCount * 3),
    ],
    [
      'inaturalist',
      // A row per species of each entry.
      (body) => expect(parseCsv(body, { columns: true }) as unknown[]).toHaveLength(3 * spotCount),
    ],
    // The account's backup: its journal is deflated in zlib's threads, which yields already.
    ['backup', (body) => expect(body.startsWith('PK\u0003\u0004')).toBe(true)],
  ];

  it.each(formats)(
    '%s: /api/health keeps answering while the whole file is written',
    async (format, check) => {
      const measured = await exportBeside(baseUrl, format, user.auth);
      console.log(
        `${format}: ${(measured.body.length / 1e6).toFixed(1)} MB in ${Math.round(measured.tookMs)} ms; ` +
          `longest health check ${Math.round(measured.longestHealthMs)} ms of ${measured.healthChecks}`,
      );
      expect(measured.status).toBe(200);
      check(measured.body);
      expect(measured.longestHealthMs).toBeLessThan(healthBoundMs);
    },
  );
});
