import type { Location } from '@fj/contract/locations';
import { normalizePhotoList } from '@fj/contract/photo-list';
import { formatVisitDate } from '../../../lib/dates.ts';

export interface LocationSummary {
  entries: number;
  photos: number;
  /** YYYY-MM-DD of the latest visit, or null before the first. */
  lastVisit: string | null;
}

export function summarize(location: Location): LocationSummary {
  let lastVisit: string | null = null;
  let photos = 0;
  for (const entry of location.entries) {
    photos += normalizePhotoList(entry.photos).length;
    if (lastVisit === null || entry.date > lastVisit) lastVisit = entry.date;
  }
  return { entries: location.entries.length, photos, lastVisit };
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** What the delete confirmation says, so nobody loses a season of notes by surprise. */
export function deleteMessage(name: string, { entries, photos }: LocationSummary): string {
  const lost = [
    entries > 0 ? plural(entries, 'entry', 'entries') : null,
    photos > 0 ? plural(photos, 'photo') : null,
  ].filter((part): part is string => part !== null);
  const alsoLost = lost.length > 0 ? ` Its ${lost.join(' and ')} will be deleted too.` : '';
  return `Delete “${name}”?${alsoLost} This cannot be undone.`;
}

/** A YYYY-MM-DD day in the app's one visit-date format (lib/dates.ts). */
export const formatDay = formatVisitDate;
