import type { CreateEntryInput, UpdateEntryInput } from '@fj/contract/entries';
import type { CreateLocationInput, UpdateLocationInput } from '@fj/contract/locations';

/**
 * One write kept in the outbox (docs/architecture.md#outbox), with the client-chosen id it keeps
 * through every replay: replaying a create answers what the server made the first time.
 */
export type OutboxOp =
  | { kind: 'createLocation'; input: CreateLocationInput & { id: string } }
  | { kind: 'updateLocation'; id: string; changes: UpdateLocationInput }
  | { kind: 'deleteLocation'; id: string }
  | { kind: 'createEntry'; locationId: string; entry: CreateEntryInput & { id: string } }
  | { kind: 'updateEntry'; locationId: string; entryId: string; changes: UpdateEntryInput }
  | { kind: 'deleteEntry'; locationId: string; entryId: string }
  /** A PUT under /preferences (the whole list it sets): the last one wins, as online. */
  | { kind: 'preferences'; path: string; body: unknown }
  /** POST /species/rename: every find, spot and list of the journal at once. */
  | { kind: 'renameSpecies'; from: string; to: string };

/**
 * pending: waiting to be sent; failed: the server refused it (a 4xx), kept with its message
 * until retried or discarded; dropped: it changed something deleted elsewhere (a 404), kept
 * only to be listed with what it held.
 */
export type OutboxStatus = 'pending' | 'failed' | 'dropped';

export interface OutboxItem {
  /** The queue's order: IndexedDB's key generator, so it only grows. */
  seq: number;
  op: OutboxOp;
  status: OutboxStatus;
  queuedAt: number;
  /**
   * The server's message for a failed or dropped item, or for a waiting one the server could
   * not take on its last try (a 5xx, a 401).
   */
  message?: string;
}

type PhotoRef = { filePath?: unknown };

/** The photos an entry write carries (some may be kept on the device until it is sent). */
export function photosOfOp(op: OutboxOp): PhotoRef[] {
  if (op.kind === 'createEntry') return op.entry.photos ?? [];
  if (op.kind === 'updateEntry') return op.changes.photos ?? [];
  return [];
}

/** The location and entry ids a queued write is about: what the screen marks "waiting to sync". */
export function targetsOf(op: OutboxOp): string[] {
  switch (op.kind) {
    case 'createLocation':
      return [op.input.id];
    case 'updateLocation':
    case 'deleteLocation':
      return [op.id];
    case 'createEntry':
      return [op.locationId, op.entry.id];
    case 'updateEntry':
    case 'deleteEntry':
      return [op.locationId, op.entryId];
    case 'preferences':
    case 'renameSpecies':
      return [];
  }
}

/**
 * What a write touches: the one thing it changes (a location, an entry, a preferences list),
 * whether it makes or removes that thing, and the location an entry write needs.
 */
function footprintOf(op: OutboxOp): { changes: string; existence: boolean; needs?: string } {
  switch (op.kind) {
    case 'createLocation':
      return { changes: `location:${op.input.id}`, existence: true };
    case 'updateLocation':
      return { changes: `location:${op.id}`, existence: false };
    case 'deleteLocation':
      return { changes: `location:${op.id}`, existence: true };
    case 'createEntry':
      return {
        changes: `entry:${op.entry.id}`,
        existence: true,
        needs: `location:${op.locationId}`,
      };
    case 'updateEntry':
      return {
        changes: `entry:${op.entryId}`,
        existence: false,
        needs: `location:${op.locationId}`,
      };
    case 'deleteEntry':
      return {
        changes: `entry:${op.entryId}`,
        existence: true,
        needs: `location:${op.locationId}`,
      };
    case 'renameSpecies':
      return { changes: 'journal', existence: false };
    case 'preferences': {
      // Categories and species lists change each other on the server; the others stand alone.
      const list = op.path.split('/').filter(Boolean)[0] ?? '';
      return {
        changes: `preferences:${list === 'categories' ? 'species' : list}`,
        existence: false,
      };
    }
  }
}

/**
 * Whether `later` must wait for `earlier` (docs/behaviour.md#outbox): both change the same
 * thing (their order is kept), one makes or removes the location the other's entry needs
 * (an entry on a spot created offline), or `later` renames a species. Anything else may reach the server in any order.
 */
export function dependsOn(later: OutboxOp, earlier: OutboxOp): boolean {
  // A rename changes whatever names the species, so it goes after every write queued before it.
  if (later.kind === 'renameSpecies') return true;
  const a = footprintOf(later);
  const b = footprintOf(earlier);
  if (a.changes === b.changes) return true;
  return (b.existence && a.needs === b.changes) || (a.existence && b.needs === a.changes);
}

/** Whether a new write must queue behind the outbox: it depends on a change still there. */
export function waitsBehind(
  op: OutboxOp,
  queue: readonly Pick<OutboxItem, 'op' | 'status'>[],
): boolean {
  return queue.some((item) => item.status !== 'dropped' && dependsOn(op, item.op));
}
