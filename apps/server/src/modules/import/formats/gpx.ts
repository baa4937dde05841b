import type { Element } from '@xmldom/xmldom';
import { journalGpxNamespace } from '../../../lib/journal-gpx-namespace.ts';
import { importError } from '../../../lib/import-error.ts';
import {
  checkSpot,
  type ImportProblem,
  type ImportedSpot,
  type ParsedFile,
} from '../../../lib/imported-spot.ts';
import { childText, childrenNamed, parseXml, placeOf } from './xml.ts';

/** Our export's whole spot, from `<extensions><fj:spot>` (JSON), when the waypoint has it. */
function journalSpot(waypoint: Element): Record<string, unknown> | 'unreadable' | undefined {
  const [extensions] = childrenNamed(waypoint, 'extensions');
  const spot = extensions
    ? childrenNamed(extensions, 'spot').find((e) => e.namespaceURI === journalGpxNamespace)
    : undefined;
  if (!spot) return undefined;
  try {
    const fields: unknown = JSON.parse(spot.textContent ?? '');
    return typeof fields === 'object' && fields !== null && !Array.isArray(fields)
      ? (fields as Record<string, unknown>)
      : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** A plain waypoint: its point, name and description; `time` as the spot's creation. */
function plainSpot(waypoint: Element): Record<string, unknown> {
  const time = childText(waypoint, 'time');
  const description = childText(waypoint, 'desc') ?? childText(waypoint, 'cmt');
  return {
    name: childText(waypoint, 'name'),
    position: {
      lat: Number(waypoint.getAttribute('lat') ?? Number.NaN),
      lng: Number(waypoint.getAttribute('lon') ?? Number.NaN),
    },
    ...(description ? { description } : {}),
    ...(time ? { createdAt: time, updatedAt: time } : {}),
  };
}

/**
 * GPX 1.0/1.1: a spot per waypoint. Our export's `fj:spot` reads back whole (its patch and
 * entries included; the tracks that draw patches are then not needed); any other waypoint gives
 * a spot with its name, description and point. Tracks and routes are not spots.
 */
export function readGpx(text: string, maxFeatures: number): ParsedFile {
  const root = parseXml(text).documentElement;
  if (!root || root.localName !== 'gpx') throw importError('The file is not GPX (no <gpx> root)');
  const waypoints = childrenNamed(root, 'wpt');
  if (waypoints.length > maxFeatures)
    throw importError(
      `The file has ${waypoints.length} waypoints; at most ${maxFeatures} can be imported at once`,
    );
  const spots: ImportedSpot[] = [];
  const problems: ImportProblem[] = [];
  waypoints.forEach((waypoint, index) => {
    const at = placeOf('waypoint', index, waypoint);
    const ours = journalSpot(waypoint);
    if (ours === 'unreadable') {
      problems.push({ at, message: 'fj:spot: not a JSON object' });
      return;
    }
    const checked = checkSpot(at, ours ?? plainSpot(waypoint));
    if ('problem' in checked) problems.push(checked.problem);
    else spots.push(checked.spot);
  });
  return { spots, problems };
}
