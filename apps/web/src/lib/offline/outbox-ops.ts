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
  | { kind: 'preferences'; path: string; body: unknown };

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
  /** The server's message for a failed or dropped item. */
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
      return [];
  }
}

/** One line for the sync panel: what the write was. */
export function describeOp(
  op: OutboxOp,
  nameOf: (locationId: string) => string | undefined,
): string {
  const spot = (id: string) => {
    const name = nameOf(id);
    return name ? `“${name}”` : 'a spot';
  };
  switch (op.kind) {
    case 'createLocation':
      return `New spot “${op.input.name}”`;
    case 'updateLocation':
      return `Changes to ${spot(op.id)}: ${Object.keys(op.changes).join(', ')}`;
    case 'deleteLocation':
      return `Delete ${spot(op.id)}`;
    case 'createEntry':
      return `New entry of ${op.entry.date} at ${spot(op.locationId)}`;
    case 'updateEntry':
      return `Changes to an entry at ${spot(op.locationId)}`;
    case 'deleteEntry':
      return `Delete an entry at ${spot(op.locationId)}`;
    case 'preferences':
      return `Settings: ${op.path.split('/').filter(Boolean).map(decodeURIComponent).join(' ')}`;
  }
}
