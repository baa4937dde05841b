/** docs/behaviour.md#offline-photos: the message when the device has no room for a photo. */
export const NO_ROOM_MESSAGE =
  'Not enough storage on this device to keep this photo until you are online';

/** Kept in mind: the browser answers a persist request once; asking again changes nothing. */
let askedToPersist = false;

/**
 * Whether `bytes` more fit in this origin's storage quota (navigator.storage.estimate), with
 * room to spare for the journal itself; true where the browser cannot tell. Also asks, once,
 * for persistent storage, so the browser does not evict the photos under pressure.
 */
export async function ensureRoomFor(bytes: number): Promise<void> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!askedToPersist && storage?.persist) {
    askedToPersist = true;
    void storage.persist().catch(() => false);
  }
  if (!storage?.estimate) return;
  const { usage = 0, quota } = await storage.estimate();
  if (quota !== undefined && usage + bytes * 1.1 > quota) throw new Error(NO_ROOM_MESSAGE);
}
