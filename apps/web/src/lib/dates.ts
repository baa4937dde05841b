/**
 * The app's date formats, one per kind (docs/behaviour.md#dates): a visit's day (an entry's
 * date, a last visit, a season's first and last find, a share's expiry) and a sync time. Every
 * page that shows a date takes it from here, so a day reads the same everywhere.
 */

const dayFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * A calendar day (YYYY-MM-DD) as the reader's locale writes it, read as that day, not as
 * midnight UTC (which would shift it west of UTC). A shared visit coarsened to YYYY-MM or YYYY
 * keeps only what it has; anything else is shown as given.
 */
export function formatVisitDate(date: string): string {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  if (month === undefined) return year ?? date;
  const at = new Date(Number(year), Number(month) - 1, Number(day ?? 1));
  return day === undefined ? monthFormat.format(at) : dayFormat.format(at);
}

/** The local day of a moment (an ISO time or epoch ms), in the visit-date format. */
export function formatDayOf(moment: string | number): string {
  const at = new Date(moment);
  return Number.isNaN(at.getTime()) ? String(moment) : dayFormat.format(at);
}

/** A sync time: how long ago within the hour, the time within the day, else its day. */
export function formatSyncTime(syncedAt: number, now: number): string {
  const minutes = Math.floor((now - syncedAt) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const when = new Date(syncedAt);
  return new Date(now).toDateString() === when.toDateString()
    ? `at ${timeFormat.format(when)}`
    : `on ${dayFormat.format(when)}`;
}
