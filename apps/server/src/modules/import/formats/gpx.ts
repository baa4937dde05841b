import { journalGpxNamespace } from '../../../lib/journal-gpx-namespace.ts';
import { createSpotCollector, type Pace, type ReadFile } from '../reading.ts';
import { childText, childrenNamed, placeOf, streamXml, textOf, type XmlElement } from './xml.ts';

/** Our export's whole spot, from `<extensions><fj:spot>` (JSON), when the waypoint has it. */
function journalSpot(waypoint: XmlElement): Record<string, unknown> | 'unreadable' | undefined {
  const [extensions] = childrenNamed(waypoint, 'extensions');
  const spot = extensions
    ? childrenNamed(extensions, 'spot').find((e) => e.uri === journalGpxNamespace)
    : undefined;
  if (!spot) return undefined;
  try {
    const fields: unknown = JSON.parse(textOf(spot));
    return typeof fields === 'object' && fields !== null && !Array.isArray(fields)
      ? (fields as Record<string, unknown>)
      : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/**
 * A waypoint's `time` is when someone stood there: a visit. GPX times are UTC (`…Z`), so the
 * visit's day is the time's own date part; a time without one is not a visit.
 */
function visitOf(time: string): Record<string, unknown>[] {
  const day = /^(\d{4}-\d{2}-\d{2})T/.exec(time)?.[1];
  return day ? [{ date: day, createdAt: time, updatedAt: time }] : [];
}

/**
 * A plain waypoint: its point, name and description; `time` as the spot's creation and as an
 * entry dated that day (docs/files.md#import).
 */
function plainSpot(waypoint: XmlElement): Record<string, unknown> {
  const time = childText(waypoint, 'time');
  const description = childText(waypoint, 'desc') ?? childText(waypoint, 'cmt');
  return {
    name: childText(waypoint, 'name'),
    position: {
      lat: Number(waypoint.attributes.lat ?? Number.NaN),
      lng: Number(waypoint.attributes.lon ?? Number.NaN),
    },
    ...(description ? { description } : {}),
    ...(time ? { createdAt: time, updatedAt: time, entries: visitOf(time) } : {}),
  };
}

/**
 * GPX 1.0/1.1, streamed: a spot per waypoint. Our export's `fj:spot` reads back whole (its patch
 * and entries included; the tracks that draw patches are then not needed); any other waypoint
 * gives a spot with its name, description and point, and its time an entry of that day. Tracks
 * and routes are not spots and are not kept.
 */
export async function readGpx(source: AsyncIterable<Buffer>, pace: Pace): Promise<ReadFile> {
  const spots = createSpotCollector('waypoints');
  let index = 0;
  await streamXml(
    source,
    {
      kept: 'waypoint',
      root: 'gpx',
      notRoot: 'The file is not GPX (no <gpx> root)',
      keep: (local, depth) => depth === 2 && local === 'wpt',
      take(waypoint) {
        spots.count();
        const at = placeOf('waypoint', index, waypoint);
        index += 1;
        const ours = journalSpot(waypoint);
        if (ours === 'unreadable') spots.problem(at, 'fj:spot: not a JSON object');
        else spots.add(at, ours ?? plainSpot(waypoint));
      },
    },
    pace,
  );
  return spots.file;
}
