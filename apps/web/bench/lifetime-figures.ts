// The lifetime section's figures: each beside its reference and target, one line each.
import type { Figure } from '../../server/bench/measure.ts';
import { startLifetimeJournal } from './lifetime-journal.ts';
import { measureLifetime } from './lifetime.ts';
import { median, type PageRun } from './map-idle.ts';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const lifetimeRuns = 3;

/**
 * A lifetime's journal (20,000 spots, 200,000 entries) on a server of its own: the first
 * sign-in on a new device, the tab's heap, the Locations list, a sync after one change.
 */
export async function lifetimeFigures(): Promise<Figure[]> {
  const journey = await startLifetimeJournal();
  try {
    const spots = journey.journal.length;
    const entries = journey.journal.reduce((sum, spot) => sum + spot.entries.length, 0);
    const size = `${spots} spots, ${entries} entries`;
    const r = await measureLifetime(journey, lifetimeRuns);
    const [app, bare] = [
      median(r.app.map((run) => run.spotsVisibleMs)),
      median(r.bare.map((run) => run.spotsVisibleMs)),
    ];
    const runs = (list: PageRun[]) => list.map((run) => Math.round(run.spotsVisibleMs)).join('/');
    const json = journey.jsonBytes;
    return [
      {
        name: `first sign-in on a new device to spots visible, ${size}`,
        value: app / bare,
        unit: 'x',
        target: 1.5,
        reference: `app ${Math.round(app)} ms, bare MapLibre from a static GeoJSON file ${Math.round(bare)} ms; medians of ${lifetimeRuns}, app ${runs(r.app)}, bare ${runs(r.bare)}; every spot counted at ${Math.round(median(r.app.map((run) => run.doneMs)))} ms`,
      },
      {
        name: `the tab's JS heap after load ÷ the journal's JSON, ${size}`,
        value: r.heapBytes / json,
        unit: 'x',
        target: 3,
        reference: `${(r.heapBytes / 2 ** 20).toFixed(1)} MiB heap after a collection, GET /locations ${(json / 2 ** 20).toFixed(1)} MiB`,
      },
      {
        name: `Locations list, click to its first rows, ${size}`,
        value: r.listMs,
        unit: 'ms',
        target: 300,
        reference: `the Help page the same way ${Math.round(r.helpMs)} ms: ratio ${(r.listMs / r.helpMs).toFixed(1)}`,
      },
      {
        name: `Locations list scrolled to its end, longest frame, ${size}`,
        value: r.scrollFrameMs,
        unit: 'ms',
        target: 50,
        reference: `${r.scrollFrames} frames at 4,000 px each; as many at rest: longest ${Math.round(r.restFrameMs)} ms; last row "${r.lastRowName}"`,
      },
      {
        name: `a sync after one changed entry: bytes, ${size}`,
        value: r.syncBytes / 1000,
        unit: 'kB',
        target: 5,
        reference: `the first full read ${kB(json)}`,
      },
      {
        name: `a sync after one changed entry: last byte to the list showing it, ${size}`,
        value: r.syncApplyMs,
        unit: 'ms',
        target: 50,
        reference: `a frame at rest in the same tab: longest ${Math.round(r.restFrameMs)} ms`,
      },
      {
        name: `cold start offline from the local copy to every spot drawn, ${size}`,
        value: median(r.offline),
        unit: 'ms',
        target: 1000,
        reference: `the copy read from IndexedDB alone ${Math.round(median(r.readAlone))} ms: ratio ${(median(r.offline) / median(r.readAlone)).toFixed(2)} (target 1.2); medians of ${lifetimeRuns}, app ${r.offline.map(Math.round).join('/')}, read alone ${r.readAlone.map(Math.round).join('/')}`,
      },
    ];
  } finally {
    await journey.stop();
  }
}
