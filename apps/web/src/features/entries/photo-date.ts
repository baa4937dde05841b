/**
 * The day a photo was taken, from its EXIF DateTimeOriginal, read on the device before the
 * upload strips every tag (docs/behaviour.md#photo-date). exifr loads on the first photo.
 */
export async function photoTakenOn(file: Blob): Promise<string | null> {
  try {
    const { default: exifr } = await import('exifr');
    // Raw text ("2025:09:14 16:20:00", the camera's own clock, no time zone): read as a
    // calendar day, so no time zone can move it to the day before.
    const tags: unknown = await exifr.parse(file, {
      pick: ['DateTimeOriginal'],
      reviveValues: false,
    });
    const raw =
      typeof tags === 'object' && tags !== null && 'DateTimeOriginal' in tags
        ? tags.DateTimeOriginal
        : null;
    return typeof raw === 'string' ? calendarDay(raw) : null;
  } catch {
    // Not an image exifr reads, or no EXIF at all: the date stays as it is.
    return null;
  }
}

/** "2025:09:14 16:20:00" (or "2025-09-14T…") as "2025-09-14"; null when it is no real day. */
export function calendarDay(raw: string): string | null {
  const match = /^(\d{4})[:-](\d{2})[:-](\d{2})/.exec(raw.trim());
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1900) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/**
 * The entry's date from its photos: the earliest day any was taken, when that is before today.
 * A photo from today or a clock set in the future changes nothing.
 */
export function dateFromPhotos(days: readonly (string | null)[], today: string): string | null {
  const earlier = days.filter((day): day is string => day !== null && day < today).sort();
  return earlier[0] ?? null;
}
