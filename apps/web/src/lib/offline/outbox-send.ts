import type { Location } from '@fj/contract/locations';
import { locationsApi } from '../api/locations-api.ts';
import { writePreferences } from '../api/preferences-endpoints.ts';
import type { OutboxOp } from './outbox-ops.ts';

/**
 * Sends one queued write as it would have gone online, with its client-chosen id. Answers the
 * whole location when the server sent one.
 */
export async function sendOp(op: OutboxOp): Promise<Location | undefined> {
  switch (op.kind) {
    case 'createLocation': {
      const answer = await locationsApi.create(op.input);
      return answer.entries ? answer : undefined;
    }
    case 'updateLocation':
      return locationsApi.update(op.id, op.changes);
    case 'deleteLocation':
      await locationsApi.remove(op.id);
      return undefined;
    case 'createEntry':
      return (await locationsApi.createEntry(op.locationId, op.entry)).location;
    case 'updateEntry':
      return (await locationsApi.updateEntry(op.locationId, op.entryId, op.changes)).location;
    case 'deleteEntry':
      return (await locationsApi.removeEntry(op.locationId, op.entryId)).location;
    case 'preferences':
      await writePreferences(op.path, op.body);
      return undefined;
  }
}
