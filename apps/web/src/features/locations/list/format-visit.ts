const dateFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Entry dates are calendar days (YYYY-MM-DD): read and shown in UTC so no time zone shifts them. */
export function formatVisit(date: string | null): string {
  if (!date) return 'Not visited yet';
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : `Last visit ${dateFormat.format(parsed)}`;
}

export function showingCount(shown: number, total: number): string {
  const noun = total === 1 ? 'spot' : 'spots';
  return shown === total ? `Showing all ${total} ${noun}` : `Showing ${shown} of ${total} ${noun}`;
}
