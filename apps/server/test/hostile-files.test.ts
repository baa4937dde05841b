// Hostile files over a real socket: the build started as `npm start` starts it
// (production mode, SQLite in a temporary DATA_DIR, LOG_LEVEL=info) in a process of its own,
// sent hostile and large files: imports past the limit (raw, chunked,
// multipart), many-feature, deep and wide files of each format at the limit, ZIP bombs of each
// container, crafted account backups, uploads cut short, imports at once, and 5,000-spot exports
// of each format. Each request is measured (status, time, the server's peak RSS growth, the
// longest event-loop block seen by /api/health checks every 10 ms, the process alive after) and
// held to the bounds of helpers/hostile-report.ts; the table goes to test-artifacts/hostile-files.md.
//
// IMPORT_MAX_MB is 4 here (HOSTILE_IMPORT_MAX_MB), not 20: every size follows it, "at the limit"
// meaning a few KB under it, so the suite stays near a minute; the bounds scale with the input.
//
// Settings (environment):
//   HOSTILE_REPORT_ONLY=1    measure and write the table, fail nothing (the BEFORE table on main)
//   HOSTILE_SLACK=2.5        the event-loop bound is 100 ms × this (default 2.5: the machines that run
//                            it are shared, so a 100 ms block can be another process's; the table
//                            still marks ✗ every block over 100 ms)
//   HOSTILE_IMPORT_MAX_MB=4  the server's IMPORT_MAX_MB, which sizes the files
//   HOSTILE_CASE_TIMEOUT_MS  a case is given up after this (default 20 000; the server restarted)
//   HOSTILE_RSS_CAP_MB       the server is killed past this RSS (default 2048: the machine is shared)
//   HOSTILE_ONLY=regexp      only the cases whose name matches
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backupZipOf,
  deflatedEntry,
  geojsonSpots,
  hostileFiles,
  journalOf,
  kmzOf,
  render,
  type Repeated,
} from './helpers/hostile-inputs.ts';
import {
  problemsOf,
  rssBoundMbOf,
  tableOf,
  type Bounds,
  type CaseResult,
  type Expected,
} from './helpers/hostile-report.ts';
import {
  cutUpload,
  download,
  heldUpload,
  postImport,
  postMultipartImport,
  request,
  type Answer,
  type Send,
  type Target,
} from './helpers/hostile-requests.ts';
import { HostileServer } from './helpers/hostile-server.ts';
import { unzip } from './helpers/zip-files.ts';

const env = process.env;
const reportOnly = env.HOSTILE_REPORT_ONLY === '1';
const importMaxMb = Number(env.HOSTILE_IMPORT_MAX_MB ?? 4);
const slack = Number(env.HOSTILE_SLACK ?? 2.5);
const caseTimeoutMs = Number(env.HOSTILE_CASE_TIMEOUT_MS ?? 20_000);
const rssCapMb = Number(env.HOSTILE_RSS_CAP_MB ?? 2048);
const only = env.HOSTILE_ONLY ? new RegExp(env.HOSTILE_ONLY, 'i') : undefined;

const limitBytes = importMaxMb * 1024 * 1024;
/** "At the limit": within it by a little. */
const atLimit = limitBytes - 16 * 1024;
/** The server's spots per file (ImportServiceDeps.maxFeatures). */
const maxFeatures = 10_000;
const exportSpots = 5_000;
const bounds: Bounds = { strictBlockMs: 100, blockMs: 100 * slack, caseTimeoutMs };

const artifact = path.join(import.meta.dirname, '..', 'test-artifacts', 'hostile-files.md');
const onLinux = process.platform === 'linux';

/** What a case may use: its own new account, the account holding 5,000 spots, a real backup. */
interface Context {
  target: Target;
  exporter: Target;
  backup: { manifest: Record<string, unknown>; preferences: unknown };
}

interface HostileCase {
  name: string;
  expect: readonly Expected[];
  /** The input's bytes and how it is sent. */
  prepare(context: Context): { inputBytes: number; send: Send };
  /** The RSS growth allowed, when not rssBoundMbOf(the input, spotsWritten). */
  rssBoundMb?: number;
  /** How many spots the case's valid import writes (each adds to the RSS bound). */
  spotsWritten?: number;
  /** The case's own checks of the answer. */
  check?(answer: Answer): string[];
  /** Sent as the account holding the exports' spots, not as a new account. */
  asExporter?: boolean;
}

const bytesOf = (input: Repeated | Buffer) => (Buffer.isBuffer(input) ? input : render(input));
const count = (n: number) => n.toLocaleString('en');

/** An import of `file` as the raw body. */
function importCase(
  name: string,
  expectation: readonly Expected[],
  query: string,
  file: () => Repeated | Buffer,
  options: { chunked?: boolean; spotsWritten?: number } = {},
): HostileCase {
  return {
    name,
    expect: expectation,
    spotsWritten: options.spotsWritten,
    prepare: ({ target }) => {
      const body = bytesOf(file());
      return {
        inputBytes: body.length,
        send: postImport(() => target, query, body, options.chunked),
      };
    },
  };
}

const formats = ['geojson', 'gpx', 'kml', 'csv'] as const;

/** What each format's deep file nests. */
const deepText = {
  geojson: 'GeometryCollections',
  gpx: 'elements in extensions',
  kml: 'Folders',
  csv: 'arrays in patch_geojson',
};
const wideText = { geojson: 'properties', gpx: 'attributes', kml: 'ExtendedData', csv: 'columns' };

/** Many features, deep and wide of each format, and a valid file of the most spots: at the limit. */
function formatCases(): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const format of formats) {
    const files = hostileFiles[format];
    const label = format === 'geojson' ? 'GeoJSON' : format.toUpperCase();
    cases.push(
      importCase(`${label}: many features at the limit`, ['4xx'], `format=${format}`, () =>
        files.many(atLimit),
      ),
      importCase(
        `${label}: deep (${deepText[format]}) at the limit`,
        // A CSV's depth is in one cell: refusing the row (a problem) is as good as the file.
        format === 'csv' ? ['2xx', '4xx'] : ['4xx'],
        `format=${format}`,
        () => files.deep(atLimit),
      ),
      importCase(
        `${label}: wide (one spot, ${wideText[format]}) at the limit`,
        ['2xx', '4xx'],
        `format=${format}`,
        () => files.wide(atLimit),
      ),
      importCase(
        `${label}: ${count(maxFeatures)} valid spots near the limit`,
        ['2xx'],
        `format=${format}`,
        () => files.large(atLimit, maxFeatures),
        { spotsWritten: maxFeatures },
      ),
    );
  }
  cases.push(
    importCase('GeoJSON: one spot with entries to the limit', ['4xx'], 'format=geojson', () =>
      hostileFiles.geojson.entries(atLimit),
    ),
    importCase('CSV: one spot, an entry a row, to the limit', ['4xx'], 'format=csv', () =>
      hostileFiles.csv.entries(atLimit),
    ),
  );
  // KMZ: the KML files above at the limit once inflated, a few KB each when zipped.
  cases.push(
    importCase(
      'KMZ: a small ZIP inflating to the limit of XML (many placemarks)',
      ['4xx'],
      'format=kmz',
      () => kmzOf(hostileFiles.kml.many(atLimit)),
    ),
    importCase('KMZ: deep (KML folders) at the limit', ['4xx'], 'format=kmz', () =>
      kmzOf(hostileFiles.kml.deep(atLimit)),
    ),
    importCase('KMZ: wide (one placemark, fields) at the limit', ['2xx', '4xx'], 'format=kmz', () =>
      kmzOf(hostileFiles.kml.wide(atLimit)),
    ),
    importCase(
      `KMZ: ${count(maxFeatures)} valid spots near the limit`,
      ['2xx'],
      'format=kmz',
      () => kmzOf(hostileFiles.kml.large(atLimit, maxFeatures)),
      { spotsWritten: maxFeatures },
    ),
    importCase('KMZ bomb: KML inflating to 25 × the limit', ['4xx'], 'format=kmz', () =>
      kmzOf(hostileFiles.kml.many(25 * limitBytes)),
    ),
  );
  return cases;
}

/** The limit plus 1 MB of GeoJSON, however sent (C1: crashed after its 413). */
const overLimit = () => render(hostileFiles.geojson.many(limitBytes + 1024 * 1024));

function overLimitCases(): HostileCase[] {
  return [
    importCase('over IMPORT_MAX_MB, raw body', ['4xx'], 'format=geojson', overLimit),
    importCase('over IMPORT_MAX_MB, chunked', ['4xx'], 'format=geojson', overLimit, {
      chunked: true,
    }),
    importCase(
      `GeoJSON: ${count(maxFeatures)} valid spots near the limit, chunked`,
      ['2xx'],
      'format=geojson',
      () => hostileFiles.geojson.large(atLimit, maxFeatures),
      { chunked: true, spotsWritten: maxFeatures },
    ),
    {
      name: 'over IMPORT_MAX_MB, multipart',
      expect: ['4xx'],
      prepare: ({ target }) => {
        const file = overLimit();
        return {
          inputBytes: file.length,
          send: postMultipartImport(() => target, 'spots.geojson', file),
        };
      },
    },
  ];
}

function cutCases(): HostileCase[] {
  const body = () => render(hostileFiles.geojson.many(atLimit));
  const cut = (
    name: string,
    stop: 'end' | 'destroy' | 'trickle-destroy',
    chunked: boolean,
    expectation: readonly Expected[],
  ): HostileCase => ({
    name,
    expect: expectation,
    prepare: ({ target }) => {
      const file = body();
      const sendBytes = stop === 'trickle-destroy' ? 640 * 1024 : Math.floor(file.length / 2);
      return {
        inputBytes: sendBytes,
        send: cutUpload(() => target, {
          query: 'format=geojson',
          body: file,
          sendBytes,
          chunked,
          stop,
        }),
      };
    },
  });
  return [
    cut('truncated: half the declared Content-Length, then FIN', 'end', false, ['4xx', 'none']),
    cut('truncated chunked: no last chunk, then FIN', 'end', true, ['4xx', 'none']),
    cut('aborted: half the body, then RST', 'destroy', false, ['none']),
    cut('aborted chunked: half the body, then RST', 'destroy', true, ['none']),
    cut('client goes away mid-upload (64 KB / 50 ms, then RST)', 'trickle-destroy', false, [
      'none',
    ]),
  ];
}

/** A backup's journal (and photo) as crafted ZIPs: C3 and M1. */
function backupCases(): HostileCase[] {
  const journal = (context: Context, spot: string, times: number) =>
    deflatedEntry('data/journal.json', journalOf(context.backup.preferences, spot, times));
  const backupCase = (
    name: string,
    files: (context: Context) => ReturnType<typeof deflatedEntry>[],
    expectation: readonly Expected[] = ['4xx'],
  ): HostileCase => ({
    name,
    expect: expectation,
    prepare: (context) => {
      const zip = backupZipOf(context.backup.manifest, files(context));
      return { inputBytes: zip.length, send: postImport(() => context.target, '', zip) };
    },
  });
  const emptySpot = '{}';
  const validSpot = '{"name":"s","position":{"lat":52.5,"lng":13.4}}';
  return [
    backupCase('backup: 500,000 spots without fields (error list)', (c) => [
      journal(c, emptySpot, 500_000),
    ]),
    backupCase('backup: 8,000,000 spots without fields (error list)', (c) => [
      journal(c, emptySpot, 8_000_000),
    ]),
    backupCase('backup: 200,000 valid spots (spot count)', (c) => [journal(c, validSpot, 200_000)]),
    backupCase('backup bomb: a journal of 200 MB of spaces', (c) => [
      deflatedEntry('data/journal.json', {
        head: `{"version":1,"preferences":${JSON.stringify(c.backup.preferences)},"locations":[]`,
        body: ' ',
        times: 200 * 1024 * 1024,
        tail: '}',
      }),
    ]),
    backupCase('backup bomb: a 1 GiB photo (checksums right)', (c) => [
      journal(c, emptySpot, 1),
      deflatedEntry('photos/hostile/bomb.webp', {
        head: '',
        body: '\0',
        times: 1024 * 1024 * 1024,
        tail: '',
      }),
    ]),
  ];
}

/** L1: inputs that answered 500. */
function lowCases(): HostileCase[] {
  const small = () => geojsonSpots(2);
  const csv = () => Buffer.from('name,latitude,longitude\nSpot,52.5,13.4\n');
  return [
    importCase('L1: ?filename=constructor', ['4xx'], 'filename=constructor', small),
    importCase('L1: ?filename=__proto__', ['4xx'], 'filename=__proto__', small),
    importCase(
      'L1: CSV mapping to a column named toString',
      ['2xx', '4xx'],
      `format=csv&mapping=${encodeURIComponent('{"location_name":"toString"}')}`,
      csv,
    ),
  ];
}

/** M1: at most 2 imports at once; a third while two are under way gets 503 with Retry-After. */
function concurrencyCase(): HostileCase {
  return {
    name: 'three imports at once (two held mid-upload)',
    expect: [503],
    prepare: ({ target }) => {
      const file = geojsonSpots(2_000, 200);
      return {
        inputBytes: 2 * file.length,
        send: async (signal) => {
          const held = [
            await heldUpload(target, 'format=geojson', file),
            await heldUpload(target, 'format=geojson', file),
          ];
          await sleep(300);
          const third = await request(target, {
            method: 'POST',
            path: '/import?format=geojson',
            body: file,
            contentType: 'application/octet-stream',
            signal,
          });
          const others = await Promise.all(held.map((upload) => upload.release(signal)));
          return {
            ...third,
            note: `held: ${others.map((other) => other.status).join(', ')}`,
          };
        },
      };
    },
    check: (answer) => [
      ...(answer.status === 503 && !answer.headers['retry-after']
        ? ['503 without Retry-After']
        : []),
      ...(answer.note
        ?.replace('held: ', '')
        .split(', ')
        .some((status) => !/^2\d\d$/.test(status))
        ? [`the two held imports answered ${answer.note}`]
        : []),
    ],
  };
}

/** H3: the seed of the exports, then a 5,000-spot export of each format. */
function exportCases(): HostileCase[] {
  const seed: HostileCase = {
    name: `GeoJSON: ${count(exportSpots)} spots with an entry each (the exports' spots)`,
    expect: ['2xx'],
    asExporter: true,
    spotsWritten: exportSpots,
    prepare: ({ exporter }) => {
      const file = geojsonSpots(exportSpots);
      return { inputBytes: file.length, send: postImport(() => exporter, 'format=geojson', file) };
    },
  };
  const exports = ['geojson', 'gpx', 'kml', 'csv', 'inaturalist', 'backup'].map(
    (format): HostileCase => ({
      name: `export of ${count(exportSpots)} spots: ${format}`,
      expect: ['2xx'],
      asExporter: true,
      rssBoundMb: 64,
      prepare: ({ exporter }) => ({
        inputBytes: 0,
        send: download(() => exporter, `/export?format=${format}`),
      }),
      // Some 50 bytes a spot at the least: an export that is not all there fails.
      check: (answer) =>
        answer.status === 200 && answer.bytes < exportSpots * 50
          ? [`the export has ${answer.bytes} bytes: not every spot`]
          : [],
    }),
  );
  return [seed, ...exports];
}

const cases: HostileCase[] = [
  ...overLimitCases(),
  ...formatCases(),
  ...backupCases(),
  ...cutCases(),
  ...lowCases(),
  concurrencyCase(),
  ...exportCases(),
].filter((c) => !only || only.test(c.name) || (c.asExporter && only.test('export')));

describe.skipIf(!onLinux)('hostile files over a real socket', () => {
  let server: HostileServer;
  let dataDir: string;
  let exporter: Target;
  let backup: Context['backup'];
  const results: CaseResult[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fj-hostile-'));
    server = await HostileServer.start({
      dataDir,
      rssCapMb,
      // As `npm start` runs it (LOG_LEVEL info writes a line per request, as in production).
      env: { IMPORT_MAX_MB: String(importMaxMb), LOG_LEVEL: 'info' },
    });
    exporter = await server.signUp();
    // A real backup of an empty account: its manifest and preferences are the crafted ones'.
    const answer = await fetch(`${server.baseUrl}/api/v1/backup`, {
      headers: { authorization: `Bearer ${exporter.token}` },
    });
    const files = new Map(await unzip(Buffer.from(await answer.arrayBuffer())));
    const journal = JSON.parse(String(files.get('data/journal.json'))) as { preferences: unknown };
    backup = {
      manifest: JSON.parse(String(files.get('manifest.json'))) as Record<string, unknown>,
      preferences: journal.preferences,
    };
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (!results.length) return;
    const table = tableOf(
      results,
      bounds,
      `## Hostile files (IMPORT_MAX_MB=${importMaxMb}, ${new Date().toISOString()}, load ${(
        await import('node:os')
      )
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    mkdirSync(path.dirname(artifact), { recursive: true });
    writeFileSync(artifact, table);
    console.log(`\n${table}\nWritten to ${artifact}`);
  });

  /** One case sent once, with a new account (and the server restarted if the last case killed it). */
  async function measureCase(hostile: HostileCase): Promise<CaseResult> {
    if (!server.running) await server.restart();
    const target = hostile.asExporter
      ? { ...exporter, baseUrl: server.baseUrl }
      : await server.signUp();
    const context: Context = {
      target,
      exporter: { ...exporter, baseUrl: server.baseUrl },
      backup,
    };
    const { inputBytes, send } = hostile.prepare(context);
    const measurement = await server.measure(send, caseTimeoutMs);
    return {
      name: hostile.name,
      inputBytes,
      expect: hostile.expect,
      rssBoundMb: hostile.rssBoundMb ?? rssBoundMbOf(inputBytes, hostile.spotsWritten),
      measurement,
      extra: measurement.outcome === 'answered' ? (hostile.check?.(measurement.answer) ?? []) : [],
    };
  }

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, hostile) => {
      let result = await measureCase(hostile);
      // Past the block bound and nothing else: on this shared 2-core machine that is as often
      // the poller or the server starved of CPU as a real block, so the case is measured once
      // more and fails only if it is over again (the table keeps the second measurement).
      const problems = problemsOf(result, bounds);
      if (!reportOnly && problems.length > 0 && problems.every((p) => p.startsWith('blocked ')))
        result = await measureCase(hostile);
      results.push(result);
      // One string, so that the failure message shows every problem in full.
      if (!reportOnly) expect(problemsOf(result, bounds).join('; ')).toBe('');
    },
    caseTimeoutMs + 90_000,
  );
});
