// The Seasons page computed on the device: a local copy of 2,000 spots with 20,000 entries
// (two finds each, 60 species, 15 years), `/seasons` opened offline (every /api/v1 request
// fails), and the page's own User Timing measures of its computation read once it has drawn
// every species (src/features/seasons/season-measures.ts); beside a plain loop in the same page
// counting finds per species and month over the same entries.
import { chromium } from 'playwright-core';
import { seasonMeasures } from '../src/features/seasons/season-measures.ts';
import { chromiumArgs, chromiumPath } from '../e2e/support/context.ts';
import { putLocalCopy } from '../e2e/support/local-copy.ts';
import type { BenchServer } from './app-server.ts';
import { median } from './map-idle.ts';
import { deviceWithLocalCopy, offlineContext } from './offline-start.ts';
import type { BenchUser } from './seed.ts';

const speciesCount = 60;
const pad = (n: number) => String(n).padStart(2, '0');

/** The journal, the same every run: each species fruits in its own months. */
export function seasonJournal(spots: number, entriesEach: number) {
  const stamp = '2025-01-01T00:00:00.000Z';
  return Array.from({ length: spots }, (_, i) => {
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const entries = Array.from({ length: entriesEach }, (_, j) => {
      const first = (i * 7 + j * 13) % speciesCount;
      const second = (i * 11 + j * 3 + 1) % speciesCount;
      const month = 1 + ((first + (j % 3)) % 12);
      const species = [...new Set([`Species ${first}`, `Species ${second}`])];
      return {
        id: `00000000-0000-4000-9000-${String(i * 1000 + j).padStart(12, '0')}`,
        locationId: id,
        date: `${2011 + ((i + j) % 15)}-${pad(month)}-${pad(1 + ((i * 3 + j) % 28))}`,
        species,
        finds: species.map((name) => ({ species: name, quantity: 1 + (j % 4), unit: 'count' })),
        notes: '',
        photos: [],
        createdAt: stamp,
        updatedAt: stamp,
      };
    });
    const position = { lat: 45 + (i % 100) / 100, lng: 8 + Math.floor(i / 100) / 100 };
    return {
      id,
      name: `Spot ${i}`,
      position,
      favorite: false,
      createdAt: stamp,
      updatedAt: stamp,
      entries,
    };
  });
}

export interface SeasonsPageResult {
  pageMs: number;
  loopMs: number;
  pageRuns: number[];
  loopRuns: number[];
}

/** The page's computation over every entry, and the plain loop, in one fresh profile each run. */
export async function measureSeasonsPage(
  server: BenchServer,
  user: BenchUser,
  spots: number,
  entriesEach: number,
  runs: number,
): Promise<SeasonsPageResult> {
  const journal = seasonJournal(spots, entriesEach);
  const visits = spots * entriesEach;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  try {
    const storage = await deviceWithLocalCopy(browser, server, user, (page) =>
      putLocalCopy(page, journal),
    );
    const pageRuns: number[] = [];
    const loopRuns: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await offlineContext(browser, storage);
      try {
        const page = await context.newPage();
        await page.goto(`${server.baseUrl}/seasons`);
        const done = await page.waitForFunction(
          ({ names, all }) => {
            // No named functions in here: tsx's helpers for them do not exist in the page.
            const [read, rows] = [names.visits, names.rows].map((name) =>
              (performance.getEntriesByName(name) as PerformanceMeasure[])
                .filter((entry) => entry.detail === all)
                .pop(),
            );
            return read && rows ? read.duration + rows.duration : false;
          },
          { names: seasonMeasures, all: visits },
          { timeout: 120_000 },
        );
        pageRuns.push(Number(await done.jsonValue()));
        loopRuns.push(
          await page.evaluate((locations) => {
            const start = performance.now();
            const counts = new Map<string, number>();
            for (const location of locations)
              for (const entry of location.entries)
                for (const find of entry.finds) {
                  const key = `${find.species}|${entry.date.slice(5, 7)}`;
                  counts.set(key, (counts.get(key) ?? 0) + 1);
                }
            return counts.size > 0 ? performance.now() - start : -1;
          }, journal),
        );
      } finally {
        await context.close();
      }
    }
    return { pageMs: median(pageRuns), loopMs: median(loopRuns), pageRuns, loopRuns };
  } finally {
    await browser.close();
  }
}
