import type { Location } from '@fj/contract/locations';
import type { OutboxItem, OutboxOp } from '../lib/offline/outbox-ops.ts';
import { renameInCategories, renameInLocations } from '../lib/species-rename.ts';
import {
  locationFromCreate,
  replaceLocation,
  sameId,
  withChanges,
  withEntryAdded,
  withEntryChanged,
  withEntryRemoved,
} from './location-helpers.ts';

/** Whether the item's change is still to show: waiting, or refused and not yet discarded. */
const shown = (item: OutboxItem) => item.status !== 'dropped';

/** How a photo kept on the device shows now (its object URLs are made anew after a restart). */
export type ShowPhoto = <T extends { filePath?: unknown }>(photo: T) => T;

function withShownPhotos(op: OutboxOp, show: ShowPhoto): OutboxOp {
  if (op.kind === 'createEntry' && op.entry.photos)
    return { ...op, entry: { ...op.entry, photos: op.entry.photos.map(show) } };
  if (op.kind === 'updateEntry' && op.changes.photos)
    return { ...op, changes: { ...op.changes, photos: op.changes.photos.map(show) } };
  return op;
}

function applyOp(list: Location[], op: OutboxOp): Location[] {
  const changeLocation = (id: string, change: (location: Location) => Location) => {
    const location = list.find((item) => sameId(item.id, id));
    return location ? replaceLocation(list, change(location)) : list;
  };
  switch (op.kind) {
    case 'createLocation':
      // Already on the server (sent, not yet removed from the queue): the server's copy stands.
      if (list.some((item) => sameId(item.id, op.input.id))) return list;
      return [locationFromCreate(op.input, { id: op.input.id }), ...list];
    case 'updateLocation':
      return changeLocation(op.id, (location) => withChanges(location, op.changes));
    case 'deleteLocation':
      return list.filter((item) => !sameId(item.id, op.id));
    case 'createEntry':
      return changeLocation(op.locationId, (location) =>
        location.entries.some((entry) => sameId(entry.id, op.entry.id))
          ? location
          : withEntryAdded(location, op.entry, op.entry.id),
      );
    case 'updateEntry':
      return changeLocation(op.locationId, (location) =>
        withEntryChanged(location, op.entryId, op.changes),
      );
    case 'deleteEntry':
      return changeLocation(op.locationId, (location) => withEntryRemoved(location, op.entryId));
    case 'renameSpecies':
      return renameInLocations(list, op);
    case 'preferences':
      return list;
  }
}

/** The species lists with the renames still queued made on them, as the server will. */
export function withPendingRenames(
  categories: Record<string, string[]>,
  outbox: readonly OutboxItem[],
): Record<string, string[]> {
  return outbox
    .filter(shown)
    .reduce(
      (lists, item) =>
        item.op.kind === 'renameSpecies' ? renameInCategories(lists, item.op) : lists,
      categories,
    );
}

/**
 * What the screen shows (docs/architecture.md#outbox): the server's locations with the queued
 * changes made on top, in queue order. Without a queue it is the server's list itself.
 */
export function withPending(
  server: Location[],
  outbox: readonly OutboxItem[],
  show: ShowPhoto = (photo) => photo,
): Location[] {
  return outbox
    .filter(shown)
    .reduce((list, item) => applyOp(list, withShownPhotos(item.op, show)), server);
}
