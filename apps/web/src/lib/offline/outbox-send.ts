import type { CreateEntryInput } from '@fj/contract/entries';
import type { Location } from '@fj/contract/locations';
import { locationsApi } from '../api/locations-api.ts';
import { writePreferences } from '../api/preferences-endpoints.ts';
import { speciesRenameApi } from '../api/species-rename-api.ts';
import { isLocalPhoto, type LocalPhotos } from './local-photos.ts';
import type { OutboxOp } from './outbox-ops.ts';

export type PhotoRef = NonNullable<CreateEntryInput['photos']>[number];

/** An entry's photos with each one kept on the device uploaded first (in order). */
export async function withUploadedPhotos(
  photos: readonly PhotoRef[],
  local: LocalPhotos,
): Promise<PhotoRef[]> {
  const sent: PhotoRef[] = [];
  for (const photo of photos) sent.push(isLocalPhoto(photo) ? await local.upload(photo) : photo);
  return sent;
}

/**
 * Sends one queued write as it would have gone online, with its client-chosen id; an entry's
 * photos kept on the device are uploaded first. Answers the whole location when the server
 * sent one.
 */
export async function sendOp(op: OutboxOp, local: LocalPhotos): Promise<Location | undefined> {
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
    case 'createEntry': {
      const photos = op.entry.photos && (await withUploadedPhotos(op.entry.photos, local));
      const entry = photos ? { ...op.entry, photos } : op.entry;
      return (await locationsApi.createEntry(op.locationId, entry)).location;
    }
    case 'updateEntry': {
      const photos = op.changes.photos && (await withUploadedPhotos(op.changes.photos, local));
      const changes = photos ? { ...op.changes, photos } : op.changes;
      return (await locationsApi.updateEntry(op.locationId, op.entryId, changes)).location;
    }
    case 'deleteEntry':
      return (await locationsApi.removeEntry(op.locationId, op.entryId)).location;
    case 'preferences':
      await writePreferences(op.path, op.body);
      return undefined;
    case 'renameSpecies':
      await speciesRenameApi.rename(op.from, op.to);
      return undefined;
  }
}
