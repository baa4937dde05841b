/** docs/behaviour.md#sync-status: when the journal last synced, as the header says it. */
export function syncedWhen(syncedAt: number | null, now: number): string {
  if (syncedAt === null) return 'Not synced yet';
  const minutes = Math.floor((now - syncedAt) / 60_000);
  if (minutes < 1) return 'Synced just now';
  if (minutes < 60) return `Synced ${minutes} min ago`;
  const when = new Date(syncedAt);
  const sameDay = new Date(now).toDateString() === when.toDateString();
  return sameDay
    ? `Synced at ${when.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`
    : `Synced on ${when.toLocaleDateString()}`;
}
