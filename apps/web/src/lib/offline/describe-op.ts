import type { Location } from '@fj/contract/locations';
import { formatVisitDate } from '../dates.ts';
import type { OutboxOp } from './outbox-ops.ts';

/**
 * What the sync panel names a write by: the spot's name and the entry's date, looked up in the
 * spots as shown (a spot made offline is there) and then as the server last had them (a spot
 * deleted offline is there).
 */
export interface OpNames {
  spot(locationId: string): string | undefined;
  entryDate(locationId: string, entryId: string): string | undefined;
}

export function namesIn(...lists: readonly (readonly Location[])[]): OpNames {
  const find = (id: string) => {
    for (const list of lists) {
      const found = list.find((location) => location.id === id);
      if (found) return found;
    }
    return undefined;
  };
  return {
    spot: (id) => find(id)?.name,
    entryDate(locationId, entryId) {
      for (const list of lists) {
        const location = list.find((candidate) => candidate.id === locationId);
        const entry = location?.entries.find((candidate) => candidate.id === entryId);
        if (entry) return entry.date;
      }
      return undefined;
    },
  };
}

/** One line for the sync panel (docs/behaviour.md#sync-status): what the write was, and where. */
export function describeOp(op: OutboxOp, names: OpNames): string {
  const spot = (id: string) => {
    const name = names.spot(id);
    return name ? `“${name}”` : 'a spot';
  };
  const entry = (locationId: string, entryId: string) => {
    const date = names.entryDate(locationId, entryId);
    return date ? `the entry of ${formatVisitDate(date)}` : 'an entry';
  };
  switch (op.kind) {
    case 'createLocation':
      return `New spot “${op.input.name}”`;
    case 'updateLocation':
      return `Changes to ${spot(op.id)}: ${Object.keys(op.changes).join(', ')}`;
    case 'deleteLocation':
      return `Delete ${spot(op.id)}`;
    case 'createEntry':
      return `New entry of ${formatVisitDate(op.entry.date)} at ${spot(op.locationId)}`;
    case 'updateEntry':
      return `Changes to ${entry(op.locationId, op.entryId)} at ${spot(op.locationId)}: ${Object.keys(op.changes).join(', ')}`;
    case 'deleteEntry':
      return `Delete ${entry(op.locationId, op.entryId)} at ${spot(op.locationId)}`;
    case 'renameSpecies':
      return `Rename species “${op.from}” to “${op.to}”`;
    case 'preferences':
      return `Settings: ${op.path.split('/').filter(Boolean).map(decodeURIComponent).join(' ')}`;
  }
}
